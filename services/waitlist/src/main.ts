import { createServer } from 'node:http';
import { exitOnConfigError } from '@mmdm/shared/config';
import { assertPostgresReachable, createPool } from '@mmdm/shared/db';
import { runProcess } from '@mmdm/shared/lifecycle';
import { createLogger } from '@mmdm/shared/logger';
import { createRedis } from '@mmdm/shared/redis';
import { createMetricsRegistry, startMetricsServer } from '@mmdm/shared/metrics';
import { createApp } from './app.js';
import { loadApiConfig, type ApiConfig } from './config.js';
import { migrateWaitlist } from './migrations.js';
import { CONSENT_SESSION_SETTINGS } from './modules/privacy/consent.js';

// The shape of every process's main.ts: config, then connect, migrate, build, signals, listen (runProcess).
let config: ApiConfig;
try {
  config = loadApiConfig();
} catch (error) {
  exitOnConfigError(error, 'waitlist');
}

const logger = createLogger({ name: 'waitlist', level: config.logLevel });
// Each connection carries the privacy policy version, which sign-ups record (modules/privacy/consent.ts).
const pool = createPool({
  connectionString: config.databaseUrl,
  applicationName: 'waitlist',
  max: 20,
  sessionSettings: CONSENT_SESSION_SETTINGS,
});
// Redis being down at start is not fatal: sign-ups fall back to in-process rate limits until it is back.
const redis = createRedis(config.redis.url, 'producer');

await runProcess({
  name: 'waitlist API',
  logger,
  timeoutMs: config.shutdownTimeoutMs,
  port: config.http.port,
  host: config.http.host,
  abandon: () => Promise.allSettled([pool.end(), redis.quit()]),
  async start() {
    await assertPostgresReachable(config.databaseUrl);
    await migrateWaitlist(config.databaseUrl, logger);
    const registry = createMetricsRegistry();
    const { metricsPort, host } = config.http;
    const metricsServer = metricsPort
      ? await startMetricsServer({ registry, port: metricsPort, host, logger })
      : undefined;
    return {
      server: createServer(createApp({ config, pool, redis, logger, registry })),
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
