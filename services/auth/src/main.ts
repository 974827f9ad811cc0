import { createServer } from 'node:http';
import { exitOnConfigError } from '@mmdm/shared/config';
import { createPool, pingPostgres, postgresUnreachableMessage } from '@mmdm/shared/db';
import { handleLifecycle } from '@mmdm/shared/lifecycle';
import { createLogger } from '@mmdm/shared/logger';
import { migrate } from '@mmdm/shared/migrate';
import { createRedis, redisUnreachableMessage, waitForRedis } from '@mmdm/shared/redis';
import { createAuthApp } from './app.js';
import { loadAuthConfig, type AuthConfig } from './config.js';
import { createPasswordHasher } from './lib/password-hasher.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { listenForKeyChanges, type KeyChangeListener } from './modules/keys/keys.repository.js';
import { createDatabaseKeyStore, createEnvKeyStore, type KeyStore } from './modules/keys/keys.service.js';
import { bootstrapAdmin } from './modules/staff/staff.service.js';
import { MIGRATIONS_DIR } from './migrations-dir.js';
import { startAuditRetention } from './modules/audit/audit-retention.js';

let config: AuthConfig;
try {
  config = loadAuthConfig();
} catch (error) {
  exitOnConfigError(error, 'auth');
}

const logger = createLogger({ name: 'auth', level: config.logLevel });
const pool = createPool({ connectionString: config.databaseUrl, applicationName: 'mmdm-auth' });
const redis = createRedis(config.redis.url, 'producer');

async function start(): Promise<void> {
  try {
    await pingPostgres(pool);
  } catch (error) {
    throw new Error(postgresUnreachableMessage(config.databaseUrl, error));
  }
  try {
    await waitForRedis(redis, 10_000);
  } catch (error) {
    throw new Error(redisUnreachableMessage(config.redis.url, error));
  }
  await migrate({ databaseUrl: config.databaseUrl, dir: MIGRATIONS_DIR, schema: 'auth', logger });

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
      config.databaseUrl,
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

  await bootstrapAdmin({
    pool,
    audit: createAuditService(pool),
    hasher,
    logger,
    admin: config.bootstrapAdmin,
  });

  const app = createAuthApp({ config, logger, pool, redis, keys, hasher });
  const server = createServer(app);
  const auditRetention = startAuditRetention({ pool, logger, ...config.auditRetention });
  handleLifecycle({
    logger,
    timeoutMs: config.shutdownTimeoutMs,
    server,
    resources: [
      ...(keyChanges ? [{ name: 'key-change listener', close: () => keyChanges.close() }] : []),
      { name: 'audit retention', close: () => auditRetention.stop() },
      { name: 'redis', close: () => redis.quit() },
      { name: 'postgres', close: () => pool.end() },
    ],
  });
  await new Promise<void>((resolve) => server.listen(config.http.port, config.http.host, resolve));
  logger.info({ port: config.http.port, host: config.http.host }, 'auth service listening');
}

start().catch(async (error: unknown) => {
  logger.fatal({ err: error }, error instanceof Error ? error.message : 'auth service failed to start');
  await Promise.allSettled([pool.end(), redis.quit()]);
  process.exit(1);
});
