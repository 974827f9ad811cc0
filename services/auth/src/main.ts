import { createServer } from 'node:http';
import { configOrExit } from '@mmdm/shared/config';
import { createPool } from '@mmdm/shared/db';
import { createLogger } from '@mmdm/shared/logger';
import { migrate } from '@mmdm/shared/migrate';
import { createRedis, redisUnreachableMessage, waitForRedis } from '@mmdm/shared/redis';
import { runServiceProcess } from '@mmdm/shared/service-process';
import { createAuthApp } from './app.js';
import { loadAuthConfig } from './config.js';
import { createPasswordHasher } from './lib/password-hasher.js';
import { MIGRATIONS_DIR } from './migrations-dir.js';
import { startAuditRetention } from './modules/audit/audit-retention.js';
import { createRevocation, startRevocationUpkeep } from './lib/revocation.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { listenForKeyChanges, type KeyChangeListener } from './modules/keys/keys.repository.js';
import { createDatabaseKeyStore, createEnvKeyStore, type KeyStore } from './modules/keys/keys.service.js';
import { bootstrapAdmin } from './modules/staff/staff.service.js';

// The shape of every process's main.ts: config, then connect, migrate, build, signals, listen (runServiceProcess).
const config = configOrExit(loadAuthConfig, 'auth');

const logger = createLogger({ name: 'auth', level: config.logLevel });
const pool = createPool({
  connectionString: config.database.url,
  applicationName: 'mmdm-auth',
  poolMode: config.database.poolMode,
});
const redis = createRedis(config.redis, 'producer');

await runServiceProcess({
  name: 'auth service',
  logger,
  config,
  pool,
  redis,
  async start(registry) {
    try {
      await waitForRedis(redis, 10_000);
    } catch (error) {
      throw new Error(redisUnreachableMessage(config.redis.url, error));
    }
    await migrate({ databaseUrl: config.database.directUrl, dir: MIGRATIONS_DIR, schema: 'auth', logger });

    const hasher = await createPasswordHasher();
    let keys: KeyStore;
    let keyChanges: KeyChangeListener | undefined;
    if (config.tokens.envKey) {
      keys = await createEnvKeyStore(config.tokens.envKey.privateKeyPem, config.tokens.envKey.kid);
      logger.info('signing with the key from JWT_PRIVATE_KEY');
    } else {
      const store = createDatabaseKeyStore(pool);
      keys = store;
      // A rotation made anywhere (keys:rotate, another replica's first start) is picked up here at once.
      keyChanges = listenForKeyChanges(
        // LISTEN holds its connection: never through a transaction pooler.
        config.database.directUrl,
        () => {
          store.refresh().then(
            () => logger.info('signing keys re-read after a change'),
            (error: unknown) =>
              logger.warn({ err: error }, 'could not re-read the signing keys; the periodic refresh will'),
          );
        },
        (error) => logger.warn({ err: error }, 'key-change listener lost its connection; reconnecting'),
      );
    }
    // Creates the first key pair now (race-safe across replicas) rather than on the first login.
    const { kid } = await keys.signingKey();
    logger.info({ kid }, 'signing key ready');
    if (!config.mfa.encryptionKey) {
      logger.warn(
        'MFA_ENCRYPTION_KEY is not set: staff TOTP secrets are stored unsealed in Postgres (openssl rand -base64 32)',
      );
    }
    await bootstrapAdmin({ pool, audit: createAuditService(pool), hasher, logger, admin: config.bootstrapAdmin });

    const server = createServer(createAuthApp({ config, logger, pool, redis, keys, hasher, registry }));
    const auditRetention = startAuditRetention({ pool, logger, ...config.auditRetention, metrics: registry });
    // Expired revocations purged, and the Redis cache of them filled again from Postgres, at start and every minute.
    const revocationUpkeep = startRevocationUpkeep({
      revocation: createRevocation(redis, config.redis.prefix, pool),
      logger,
      intervalMs: 60_000,
      metrics: registry,
    });
    return {
      server,
      resources: [
        ...(keyChanges ? [{ name: 'key-change listener', close: () => keyChanges.close() }] : []),
        { name: 'audit retention', close: () => auditRetention.stop() },
        { name: 'revocation upkeep', close: () => revocationUpkeep.stop() },
      ],
    };
  },
});
