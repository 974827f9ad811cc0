import { exitOnConfigError } from '@mmdm/shared/config';
import { createPool, postgresUnreachableMessage } from '@mmdm/shared/db';
import { handleLifecycle } from '@mmdm/shared/lifecycle';
import { createLogger } from '@mmdm/shared/logger';
import { createRedis } from '@mmdm/shared/redis';
import { createApp } from './app.js';
import { loadApiConfig, type ApiConfig } from './config.js';
import { migrateWaitlist } from './migrations.js';
import { CONSENT_SESSION_SETTINGS } from './modules/privacy/consent.js';

let config: ApiConfig;
try {
  config = loadApiConfig();
} catch (error) {
  exitOnConfigError(error, 'waitlist');
}

const logger = createLogger({ name: 'waitlist', level: config.logLevel });

try {
  await migrateWaitlist(config.databaseUrl, logger);
} catch (error) {
  logger.fatal({ err: error }, postgresUnreachableMessage(config.databaseUrl, error));
  process.exit(1);
}

// Each connection carries the privacy policy version, which sign-ups record (modules/privacy/consent.ts).
const pool = createPool({
  connectionString: config.databaseUrl,
  applicationName: 'waitlist',
  max: 20,
  sessionSettings: CONSENT_SESSION_SETTINGS,
});
// Redis being down at start is not fatal: sign-ups fall back to in-process rate limits until it is back.
const redis = createRedis(config.redis.url, 'producer');

const app = createApp({ config, pool, redis, logger });
const server = app.listen(config.http.port, config.http.host, () => {
  logger.info({ port: config.http.port, host: config.http.host }, 'waitlist API listening');
});
server.on('error', (error) => {
  logger.fatal({ err: error }, 'cannot listen');
  process.exit(1);
});

handleLifecycle({
  logger,
  timeoutMs: config.shutdownTimeoutMs,
  server,
  resources: [
    { name: 'redis', close: () => redis.quit() },
    { name: 'postgres', close: () => pool.end() },
  ],
});
