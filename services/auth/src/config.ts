import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { commonEnvSchema, databaseConfigOf, env, loadConfig, redisConfigOf } from '@mmdm/shared/config';
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

/** 32 bytes as 64 hex digits or base64: the AES-256-GCM key TOTP secrets are sealed with in Postgres. */
const aes256Key = z
  .string()
  .trim()
  .transform((value) => (/^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64')))
  .refine((key) => key.length === 32, 'must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)')
  // As hex text: the config object is deep-frozen, which a Buffer cannot be.
  .transform((key) => key.toString('hex'));

const httpUrl = z
  .string()
  .refine(
    (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
    'must be an http(s) URL',
  );

export const authEnvSchema = commonEnvSchema
  .extend({
    AUTH_PORT: env.port(8081),
    /**
     * `GET /metrics` on a port of its own as well, so a scraper can be let reach that port alone, never the API's
     * (Kubernetes: 9081). Unset: only on AUTH_PORT.
     */
    AUTH_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Loopback unless told otherwise: only the gateway calls a service (compose sets 0.0.0.0 on its own network). */
    HOST: z.string().default('127.0.0.1'),
    /** Bootstrap admin: created at start only when no admin exists, and only when a password is given. */
    ADMIN_EMAIL: z.string().default('admin@localhost').pipe(staffEmail),
    ADMIN_PASSWORD: newPassword.optional(),
    JWT_PRIVATE_KEY: ed25519PrivateKeyPem.optional(),
    JWT_KEY_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, . _ - only (1-64)')
      .optional(),
    TOKEN_TTL_S: z.coerce
      .number()
      .int()
      .min(60)
      .max(STAFF_TOKEN.maxLifetimeSeconds)
      .default(STAFF_TOKEN.maxLifetimeSeconds),
    LOGIN_IP_MAX_FAILS: env.int(30, 1),
    LOGIN_IP_WINDOW_S: env.int(900, 1),
    LOGIN_ACCOUNT_MAX_FAILS: env.int(10, 1),
    LOGIN_ACCOUNT_WINDOW_S: env.int(900, 1),
    /** Failures on one account from all addresses together per hour: caps a distributed guessing attack (OWASP). */
    LOGIN_ACCOUNT_HOURLY_MAX: env.int(100, 1),
    /** The privacy policy's retention of audit rows (the same variable as the waitlist's), checked this often. */
    AUDIT_RETENTION_DAYS: env.int(400, 1),
    RETENTION_INTERVAL_MS: env.int(60_000, 100),
    /** `required`: every staff member must enrol a second factor (the admin's Settings switch can only add to this). */
    STAFF_MFA: z.enum(['optional', 'required']).default('optional'),
    MFA_ENCRYPTION_KEY: aes256Key.optional(),
    /** The site's address as people open it; passkeys are bound to its host name (the WebAuthn RP ID). */
    PUBLIC_URL: httpUrl.optional(),
    HTTP_PORT: env.port(8080),
    /** Override of the passkeys' RP ID (default: PUBLIC_URL's host name); a registrable domain, not an IP address. */
    PASSKEY_RP_ID: z
      .string()
      .regex(/^[a-z0-9.-]{1,253}$/i, 'a host name such as example.com')
      .optional(),
    /** Comma-separated origins passkey ceremonies may come from (default: PUBLIC_URL's origin). */
    PASSKEY_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(httpUrl.transform((url) => new URL(url).origin)).min(1))
      .optional(),
  })
  .superRefine((e, ctx) => {
    // WebAuthn takes a registrable domain as RP ID, never an IP address: every passkey ceremony would fail in the
    // browser, long after the start, with an error no operator sees.
    if (e.PASSKEY_RP_ID === undefined && e.PUBLIC_URL !== undefined && isIpAddress(new URL(e.PUBLIC_URL).hostname)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSKEY_RP_ID'],
        message:
          'must be set when PUBLIC_URL names an IP address: passkeys need a domain name (e.g. PASSKEY_RP_ID=staff.example.com, or localhost on this machine)',
      });
    }
    if (e.PASSKEY_RP_ID !== undefined && isIpAddress(e.PASSKEY_RP_ID)) {
      ctx.addIssue({ code: 'custom', path: ['PASSKEY_RP_ID'], message: 'must be a domain name, not an IP address' });
    }
  })
  .transform((e) => ({
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    database: databaseConfigOf(e),
    redis: redisConfigOf(e),
    http: { port: e.AUTH_PORT, host: e.HOST, trustProxy: e.TRUST_PROXY, metricsPort: e.AUTH_METRICS_PORT },
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
    mfa: mfaConfigOf(e),
  }));

/** `URL.hostname` keeps IPv6 in brackets. */
const isIpAddress = (host: string) => isIP(host.replace(/^\[|\]$/g, '')) !== 0;

/** Where passkeys belong and how second factors are kept (see docs/decisions/015-staff-second-factor.md). */
function mfaConfigOf(e: {
  STAFF_MFA: 'optional' | 'required';
  MFA_ENCRYPTION_KEY?: string | undefined;
  PUBLIC_URL?: string | undefined;
  HTTP_PORT: number;
  PASSKEY_RP_ID?: string | undefined;
  PASSKEY_ORIGINS?: string[] | undefined;
}) {
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.HTTP_PORT}`);
  return {
    requiredByOps: e.STAFF_MFA === 'required',
    encryptionKey: e.MFA_ENCRYPTION_KEY,
    passkeys: {
      rpId: e.PASSKEY_RP_ID ?? publicUrl.hostname,
      rpName: 'Meet Match Date Marry staff',
      origins: e.PASSKEY_ORIGINS ?? [publicUrl.origin],
    },
  };
}

export type AuthConfig = z.output<typeof authEnvSchema>;

export function loadAuthConfig(source: NodeJS.ProcessEnv = process.env): AuthConfig {
  return loadConfig(authEnvSchema, source);
}
