import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { createServiceApp, finishServiceApp, jsonBody, noStore, serveProbes } from '@mmdm/shared/http';
import type { Logger } from '@mmdm/shared/logger';
import { createStaffTokenVerifier } from '@mmdm/shared/tokens';
import { createHttpMetrics, createMetricsRegistry, type Registry } from '@mmdm/shared/metrics';
import { Router } from 'express';
import type { AuthConfig } from './config.js';
import type { PasswordHasher } from './lib/password-hasher.js';
import { createRevocation } from './lib/revocation.js';
import { revocationRoutes } from './lib/revocation.routes.js';
import { staffInternalRoutes } from './modules/staff/staff-internal.routes.js';
import { apiDocumentRoutes } from './modules/api-document/api-document.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { jwksRoutes } from './modules/keys/keys.routes.js';
import type { KeyStore } from './modules/keys/keys.service.js';
import { createLoginThrottle } from './modules/session/login-throttle.js';
import { createSessionMetrics } from './modules/session/session.metrics.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { createSessionService } from './modules/session/session.service.js';
import { createTokenIssuer } from './modules/session/token-issuer.js';
import { createStaffGuard } from './modules/staff/staff.guard.js';
import { createMfaChallenges } from './modules/mfa/mfa-challenges.js';
import { createMfaTokens } from './modules/mfa/mfa-tokens.js';
import { mfaRoutes } from './modules/mfa/mfa.routes.js';
import { createMfaService, MFA_THROTTLE } from './modules/mfa/mfa.service.js';
import { createSecretBox } from './modules/mfa/secret-box.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { createStaffService } from './modules/staff/staff.service.js';
import { STAFF_API_PREFIX } from '@mmdm/contracts/calls/define-call';

export interface AuthAppDeps {
  config: Pick<AuthConfig, 'http' | 'redis' | 'tokens' | 'loginThrottle' | 'mfa'>;
  logger: Logger;
  pool: pg.Pool;
  redis: Redis;
  keys: KeyStore;
  hasher: PasswordHasher;
  /** Where this app's metrics go (`GET /metrics`); a fresh registry by default. */
  registry?: Registry;
}

/** Builds the auth service's Express app from its dependencies; does not listen. */
export function createAuthApp({
  config,
  logger,
  pool,
  redis,
  keys,
  hasher,
  registry = createMetricsRegistry(),
}: AuthAppDeps): Express {
  const audit = createAuditService(pool);
  const revocation = createRevocation(redis, config.redis.prefix, pool);
  const staff = createStaffService({ pool, audit, hasher, revocation });
  const verify = createStaffTokenVerifier({
    keys: keys.verificationKey,
    redis,
    redisPrefix: config.redis.prefix,
    secondFactorRequired: config.mfa.requiredByOps,
    restoreRevocations: revocation.restoreCacheIfLost,
  });
  const loginThrottle = createLoginThrottle(redis, config.redis.prefix, config.loginThrottle);
  const guard = createStaffGuard(verify, staff);
  const issueToken = createTokenIssuer(keys, config.tokens.ttlSeconds);
  const mfaTokens = createMfaTokens(keys);
  const mfa = createMfaService({
    pool,
    staff,
    audit,
    revocation,
    issueToken,
    tokens: mfaTokens,
    challenges: createMfaChallenges(redis, config.redis.prefix),
    throttle: createLoginThrottle(redis, `${config.redis.prefix}:mfa`, MFA_THROTTLE),
    passwordThrottle: loginThrottle,
    hasher,
    box: createSecretBox(config.mfa.encryptionKey),
    settings: { requiredByOps: config.mfa.requiredByOps, passkeys: config.mfa.passkeys },
  });
  const sessions = createSessionService({
    staff,
    audit,
    hasher,
    revocation,
    verify,
    throttle: loginThrottle,
    issueToken,
    metrics: createSessionMetrics(registry),
    nextStep: mfa.afterPassword,
  });

  const app = createServiceApp({ logger, trustProxy: config.http.trustProxy, metrics: createHttpMetrics(registry) });
  // On the service's own port: the gateway forwards /api/admin/* only, so /metrics is never public.
  serveProbes(app, { registry, pool, redis: { producer: redis } });
  app.use(jwksRoutes(keys));
  app.use(revocationRoutes(revocation));
  app.use(staffInternalRoutes(staff));
  app.use(apiDocumentRoutes());

  const admin = Router();
  admin.use(noStore, ...jsonBody());
  admin.use(sessionRoutes({ sessions, guard }));
  admin.use(mfaRoutes({ mfa, tokens: mfaTokens, verify, staff, revocation, guard }));
  admin.use(staffRoutes(staff, guard));
  admin.use(auditRoutes(audit, guard));
  app.use(STAFF_API_PREFIX, admin);

  return finishServiceApp(app, logger);
}
