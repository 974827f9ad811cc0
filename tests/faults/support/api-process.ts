import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPool } from '@mmdm/shared/db';
import { createLogger } from '@mmdm/shared/logger';
import { createRedis, waitForRedis } from '@mmdm/shared/redis';
import { revocationKeys } from '@mmdm/shared/tokens';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { createApp } from '../../../services/waitlist/src/app.js';
import { loadApiConfig } from '../../../services/waitlist/src/config.js';
import { resolveServiceKeys } from '../../../services/waitlist/src/lib/service-keys.js';
import { staffKeys, type TestContext } from '../../../services/waitlist/src/testing/waitlist-harness.js';
import { captureLogs, type CapturedLogs } from '../../support/index.js';

export interface StandaloneApi {
  url: string;
  logs: CapturedLogs;
  close(): Promise<void>;
}

/** The waitlist API built exactly as main.ts builds it (its own pool, max 20), reaching Postgres at `databaseUrl`. */
export async function startApiWithDatabase(context: TestContext, databaseUrl: string): Promise<StandaloneApi> {
  const config = loadApiConfig({
    DATABASE_URL: databaseUrl,
    REDIS_URL: context.redisUrl,
    REDIS_PREFIX: context.prefix,
    TRUST_PROXY: 'loopback',
    SIGNUP_RATE_LIMIT: '100000',
    SIGNUP_WORK_AFTER: '100000',
    SIGNUP_CHALLENGE: 'off',
    EMAIL_DNS_CHECK: 'false',
  });
  const pool: pg.Pool = createPool({ connectionString: config.databaseUrl, applicationName: 'waitlist', max: 20 });
  const redis: Redis = createRedis(config.redis, 'producer');
  await waitForRedis(redis, 5000);
  const logs = captureLogs();
  const logger = createLogger({ name: 'waitlist', level: 'info', destination: logs.stream });
  const server: Server = createServer(
    createApp({
      config,
      keys: await resolveServiceKeys(pool, config.keys),
      pool,
      redis,
      logger,
      staffKeys: (await staffKeys()).keys,
      // No auth service here: nothing was ever revoked in Postgres, so a lost revocation cache is filled with nothing.
      restoreRevocations: async () => void (await redis.set(revocationKeys.loaded(config.redis.prefix), 'test')),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    logs,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}
