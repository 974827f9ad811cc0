import { createPrivateKey } from 'node:crypto';
import { commonEnvSchema, env, loadConfig } from '@mmdm/shared/config';
import { STAFF_TOKEN } from '@mmdm/shared/tokens';
import { z } from 'zod';
import { newPassword, staffEmail } from '@mmdm/contracts/auth';

/** PEM from env: compose and .env files often carry it on one line with literal "\n". */
const ed25519PrivateKeyPem = z
  .string()
  .transform((value) => value.replace(/\\n/g, '\n').trim())
  .refine((pem) => {
    try {
      return createPrivateKey(pem).asymmetricKeyType === 'ed25519';
    } catch {
      return false;
    }
  }, 'must be a PKCS#8 PEM Ed25519 private key (openssl genpkey -algorithm ed25519)');

export const authEnvSchema = commonEnvSchema
  .extend({
    AUTH_PORT: env.port(8081),
    /** Loopback unless told otherwise: only the gateway calls a service (compose sets 0.0.0.0 on its own network). */
    HOST: z.string().default('127.0.0.1'),
    /** Bootstrap admin: created at start only when no admin exists, and only when a password is given. */
    ADMIN_EMAIL: z.string().default('admin@localhost').pipe(staffEmail),
    ADMIN_PASSWORD: newPassword.optional(),
    JWT_PRIVATE_KEY: ed25519PrivateKeyPem.optional(),
    JWT_KEY_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, . _ - only (1-64)').optional(),
    TOKEN_TTL_S: z.coerce.number().int().min(60).max(STAFF_TOKEN.maxLifetimeSeconds).default(STAFF_TOKEN.maxLifetimeSeconds),
    LOGIN_IP_MAX_FAILS: env.int(30, 1),
    LOGIN_IP_WINDOW_S: env.int(900, 1),
    LOGIN_ACCOUNT_MAX_FAILS: env.int(10, 1),
    LOGIN_ACCOUNT_WINDOW_S: env.int(900, 1),
    /** Failures on one account from all addresses together per hour: caps a distributed guessing attack (OWASP). */
    LOGIN_ACCOUNT_HOURLY_MAX: env.int(100, 1),
    /** The privacy policy's retention of audit rows (the same variable as the waitlist's), checked this often. */
    AUDIT_RETENTION_DAYS: env.int(400, 1),
    RETENTION_INTERVAL_MS: env.int(60_000, 100),
  })
  .transform((e) => ({
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    http: { port: e.AUTH_PORT, host: e.HOST, trustProxy: e.TRUST_PROXY },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    auditRetention: { days: e.AUDIT_RETENTION_DAYS, intervalMs: e.RETENTION_INTERVAL_MS },
    bootstrapAdmin: e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    adminEmail: e.ADMIN_EMAIL,
    tokens: {
      ttlSeconds: e.TOKEN_TTL_S,
      envKey: e.JWT_PRIVATE_KEY ? { privateKeyPem: e.JWT_PRIVATE_KEY, kid: e.JWT_KEY_ID } : undefined,
    },
    loginThrottle: {
      ip: { maxFails: e.LOGIN_IP_MAX_FAILS, windowSeconds: e.LOGIN_IP_WINDOW_S },
      accountIp: { maxFails: e.LOGIN_ACCOUNT_MAX_FAILS, windowSeconds: e.LOGIN_ACCOUNT_WINDOW_S },
      account: { maxFails: e.LOGIN_ACCOUNT_HOURLY_MAX, windowSeconds: 3600 },
    },
  }));

export type AuthConfig = z.output<typeof authEnvSchema>;

export function loadAuthConfig(source: NodeJS.ProcessEnv = process.env): AuthConfig {
  return loadConfig(authEnvSchema, source);
}
