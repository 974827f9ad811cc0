import { createServer } from 'node:http';
import { configOrExit } from '@mmdm/shared/config';
import { createPool } from '@mmdm/shared/db';
import { createLogger } from '@mmdm/shared/logger';
import { createRedis } from '@mmdm/shared/redis';
import { runServiceProcess } from '@mmdm/shared/service-process';
import { createApp } from './app.js';
import { loadApiConfig } from './config.js';
import { resolveServiceKeys } from './lib/service-keys.js';
import { createWebhookSecretSeal } from './modules/webhooks/webhook-secret-seal.js';
import { sealStoredSecrets } from './modules/webhooks/webhooks.service.js';
import { migrateWaitlist } from './migrations.js';

// The shape of every process's main.ts: config, then connect, migrate, build, signals, listen (runServiceProcess).
const config = configOrExit(loadApiConfig, 'waitlist');

const logger = createLogger({ name: 'waitlist', level: config.logLevel });
const pool = createPool({
  connectionString: config.database.url,
  applicationName: 'waitlist',
  max: 20,
  poolMode: config.database.poolMode,
});
// Redis being down at start is not fatal: sign-ups fall back to in-process rate limits until it is back.
const redis = createRedis(config.redis, 'producer');

await runServiceProcess({
  name: 'waitlist API',
  logger,
  config,
  pool,
  redis,
  async start(registry) {
    await migrateWaitlist(config.database.directUrl, logger);
    const keys = await resolveServiceKeys(pool, config.keys, logger);
    // Secrets stored before they were sealed (migration 026) are sealed now, by whichever process starts first.
    await sealStoredSecrets(pool, createWebhookSecretSeal(keys.webhook));
    return { server: createServer(createApp({ config, keys, pool, redis, logger, registry })) };
  },
});
