import {
  createServiceApp,
  createStaffTokenVerifier,
  finishServiceApp,
  healthRoutes,
  pingPostgres,
  pingRedis,
  type Logger,
} from '@mmdm/shared';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type { JWTVerifyGetKey } from 'jose';
import type pg from 'pg';
import type { ApiConfig } from './config.js';
import { createClientRateLimiter } from './lib/rate-limit.js';
import { remoteStaffKeys } from './lib/staff-keys.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { signupRoutes } from './modules/signup/signup.routes.js';
import { createSignupService } from './modules/signup/signup.service.js';

export interface AppDeps {
  config: ApiConfig;
  pool: pg.Pool;
  /** Producer connection (fails fast while Redis is down). */
  redis: Redis;
  logger: Logger;
  /** Public keys for staff tokens; defaults to the auth service's JWKS, fetched and cached. Tests pass a local set. */
  staffKeys?: JWTVerifyGetKey;
}

/** Builds the waitlist API without listening, so tests drive it in-process. */
export function createApp({ config, pool, redis, logger, staffKeys }: AppDeps): Express {
  const app = createServiceApp({ logger, trustProxy: config.http.trustProxy });

  app.use(healthRoutes({ postgres: () => pingPostgres(pool), redis: () => pingRedis(redis) }));

  const signupLimiter = createClientRateLimiter({
    redis,
    keyPrefix: `${config.redis.prefix}:waitlist:signup`,
    points: config.signup.rateLimit,
    windowSeconds: config.signup.rateWindowSeconds,
    message: 'Too many sign-ups from your network. Please try again later.',
  });
  const signupService = createSignupService({
    pool,
    publicUrl: config.publicUrl,
    resendCooldownSeconds: config.signup.resendCooldownSeconds,
  });
  app.use(signupRoutes({ service: signupService, signupLimiter }));

  const keys = staffKeys ?? remoteStaffKeys(config.authJwksUrl);
  const verifier = createStaffTokenVerifier({ keys, redis, redisPrefix: config.redis.prefix });
  const adminService = createAdminService({
    pool,
    databaseUrl: config.databaseUrl,
    maxConcurrentExports: config.exportMaxConcurrent,
  });
  app.use(adminRoutes({ service: adminService, verifier }));

  return finishServiceApp(app, logger);
}
