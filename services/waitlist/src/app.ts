import { pingPostgres } from '@mmdm/shared/db';
import { createServiceApp, finishServiceApp, healthRoutes } from '@mmdm/shared/http';
import type { Logger } from '@mmdm/shared/logger';
import { pingRedis } from '@mmdm/shared/redis';
import { createStaffTokenVerifier } from '@mmdm/shared/tokens';
import {
  createHttpMetrics,
  createMetricsRegistry,
  metricsHandler,
  registerPoolMetrics,
  registerReadiness,
  registerRedisMetrics,
  type Registry,
} from '@mmdm/shared/metrics';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type { JWTVerifyGetKey } from 'jose';
import type pg from 'pg';
import type { ApiConfig } from './config.js';
import { createClientRateLimiter } from './lib/rate-limit.js';
import { remoteStaffKeys } from './lib/staff-keys.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { invitationsAdminRoutes } from './modules/invitations/invitations-admin.routes.js';
import { invitationRoutes } from './modules/invitations/invitations.routes.js';
import { createInvitationsService } from './modules/invitations/invitations.service.js';
import { placesAdminRoutes } from './modules/places/places-admin.routes.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { createPlacesService } from './modules/places/places.service.js';
import { mailTemplateRoutes } from './modules/mail/mail-templates.routes.js';
import { createSignupMetrics } from './modules/signup/signup.metrics.js';
import { installSignupLeanRoute } from './modules/signup/signup.lean-route.js';
import { createSignupCall, signupRoutes } from './modules/signup/signup.routes.js';
import { createSignupService } from './modules/signup/signup.service.js';

export interface AppDeps {
  config: ApiConfig;
  pool: pg.Pool;
  /** Producer connection (fails fast while Redis is down). */
  redis: Redis;
  logger: Logger;
  /** Public keys for staff tokens; defaults to the auth service's JWKS, fetched and cached. Tests pass a local set. */
  staffKeys?: JWTVerifyGetKey;
  /** Where this app's metrics go (`GET /metrics`); a fresh registry by default. */
  registry?: Registry;
}

/** Builds the waitlist API without listening, so tests drive it in-process. */
export function createApp({
  config,
  pool,
  redis,
  logger,
  staffKeys,
  registry = createMetricsRegistry(),
}: AppDeps): Express {
  const metrics = createHttpMetrics(registry);
  const app = createServiceApp({ logger, trustProxy: config.http.trustProxy, metrics });

  const signupLimiter = createClientRateLimiter({
    redis,
    keyPrefix: `${config.redis.prefix}:waitlist:signup`,
    points: config.signup.rateLimit,
    windowSeconds: config.signup.rateWindowSeconds,
    message: 'Too many sign-ups from your network. Please try again later.',
  });
  const places = createPlacesService({
    pool,
    publicUrl: config.publicUrl,
    maxCredits: config.referral.maxCredits,
  });
  const invitations = createInvitationsService({ pool });
  const signupService = createSignupService({
    pool,
    publicUrl: config.publicUrl,
    resendCooldownSeconds: config.signup.resendCooldownSeconds,
    suppressionKey: config.suppressionKey,
    metrics: createSignupMetrics(registry),
    confirmation: places,
  });
  // Before every other route: the sign-up's lean route hands its failures back through this point.
  installSignupLeanRoute(app, { signUp: createSignupCall({ service: signupService, signupLimiter }), logger, metrics });

  const checks = { postgres: () => pingPostgres(pool), redis: () => pingRedis(redis) };
  app.use(healthRoutes(checks));
  // On the service's own port, which only the gateway and the scraper reach; the gateway never routes /metrics here.
  app.get('/metrics', metricsHandler(registry));
  registerPoolMetrics(registry, pool);
  registerRedisMetrics(registry, { producer: redis });
  registerReadiness(registry, checks);

  app.use(signupRoutes({ service: signupService, signupLimiter }));
  app.use(placesRoutes({ service: places }));
  app.use(invitationRoutes({ service: invitations }));

  const keys = staffKeys ?? remoteStaffKeys(config.authJwksUrl);
  const verifier = createStaffTokenVerifier({ keys, redis, redisPrefix: config.redis.prefix });
  const adminService = createAdminService({
    pool,
    databaseUrl: config.databaseUrl,
    suppressionKey: config.suppressionKey,
    maxConcurrentExports: config.exportMaxConcurrent,
    places,
  });
  // Before the admin module's routes: the Users list by place or city is answered here, any other list falls through.
  app.use(placesAdminRoutes({ service: places, pool, verifier }));
  app.use(invitationsAdminRoutes({ service: invitations, verifier }));
  app.use(adminRoutes({ service: adminService, verifier }));
  app.use(mailTemplateRoutes({ site: config.mailSite, verifier }));

  return finishServiceApp(app, logger);
}
