import { createServer } from 'node:http';
import { exitOnConfigError } from '@mmdm/shared/config';
import { assertPostgresReachable, createPool } from '@mmdm/shared/db';
import { runProcess } from '@mmdm/shared/lifecycle';
import { createLogger } from '@mmdm/shared/logger';
import { createRedis } from '@mmdm/shared/redis';
import { createMetricsRegistry, startMetricsServer } from '@mmdm/shared/metrics';
import { createApp } from './app.js';
import { loadApiConfig, type ApiConfig } from './config.js';
import { resolveServiceKeys } from './lib/service-keys.js';
import { migrateWaitlist } from './migrations.js';

// The shape of every process's main.ts: config, then connect, migrate, build, signals, listen (runProcess).
let config: ApiConfig;
try {
  config = loadApiConfig();
} catch (error) {
  exitOnConfigError(error, 'waitlist');
}

const logger = createLogger({ name: 'waitlist', level: config.logLevel });
const pool = createPool({
  connectionString: config.database.url,
  applicationName: 'waitlist',
  max: 20,
  poolMode: config.database.poolMode,
});
// Redis being down at start is not fatal: sign-ups fall back to in-process rate limits until it is back.
const redis = createRedis(config.redis, 'producer');

await runProcess({
  name: 'waitlist API',
  logger,
  timeoutMs: config.shutdownTimeoutMs,
  port: config.http.port,
  host: config.http.host,
  abandon: () => Promise.allSettled([pool.end(), redis.quit()]),
  async start() {
    await assertPostgresReachable(config.database.url);
    await migrateWaitlist(config.database.directUrl, logger);
    const keys = await resolveServiceKeys(pool, config.keys, logger);
    const registry = createMetricsRegistry();
    const { metricsPort, host } = config.http;
    const metricsServer = metricsPort
      ? await startMetricsServer({ registry, port: metricsPort, host, logger })
      : undefined;
    return {
      server: createServer(createApp({ config, keys, pool, redis, logger, registry })),
      resources: [
        ...(metricsServer
          ? [{ name: 'metrics server', close: () => new Promise<void>((done) => metricsServer.close(() => done())) }]
          : []),
        { name: 'redis', close: () => redis.quit() },
        { name: 'postgres', close: () => pool.end() },
      ],
    };
  },
});
