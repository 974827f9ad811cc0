import { commonEnvSchema, env, loadConfig } from '@mmdm/shared/config';
import { z } from 'zod';

const DEFAULT_MAIL_FROM = 'Meet Match Date Marry <hello@meetmatchdatemarry.com>';

/** Variables both waitlist processes read: links in mails and on pages must agree. */
const sharedSchema = commonEnvSchema.extend({
  /** Public base URL of the site: the base of every link in a mail. */
  PUBLIC_URL: env.url('http://localhost:8080', ['http:', 'https:']).transform((url) => url.replace(/\/+$/, '')),
  RESEND_COOLDOWN_S: env.int(900, 0),
  CONFIRM_TOKEN_TTL_H: env.int(72, 1),
  /** Places up per credited referral (the place rule; the worker rewrites place keys when it changes). */
  REFERRAL_BOOST: env.int(10, 0),
  /** Credited referrals per referrer at most; later ones are recorded as refused (`cap_reached`). */
  REFERRAL_MAX_CREDITS: env.int(50, 0),
});

export const apiEnvSchema = sharedSchema.extend({
  WAITLIST_PORT: env.port(8082),
  HOST: z.string().default('0.0.0.0'),
  SIGNUP_RATE_LIMIT: env.int(10, 1),
  SIGNUP_RATE_WINDOW_S: env.int(3600, 1),
  AUTH_JWKS_URL: env.url('http://127.0.0.1:8081/.well-known/jwks.json', ['http:', 'https:']),
});

export const workerEnvSchema = sharedSchema.extend({
  WORKER_PORT: env.port(8083),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: mails are written as .eml files into MAIL_DIR (development); never silently dropped. */
  SMTP_URL: z
    .string()
    .refine(
      (value) => URL.canParse(value) && ['smtp:', 'smtps:'].includes(new URL(value).protocol),
      'must be an smtp:// or smtps:// URL',
    )
    .optional(),
  MAIL_DIR: z.string().default('./var/mail'),
  MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
  SUPPORT_EMAIL: z.email().default('support@meetmatchdatemarry.com'),
  /**
   * Jobs in flight, not SMTP connections (SMTP_POOL_SIZE caps those): a job spends most of its time waiting on
   * Postgres and Redis, and with only as many jobs as connections the connections sat idle (docs/performance.md).
   */
  MAIL_CONCURRENCY: env.int(25, 1),
  SMTP_POOL_SIZE: env.int(5, 1),
  MAIL_ATTEMPTS: env.int(15, 1),
  MAIL_BACKOFF_MS: env.int(1000, 1),
  RELAY_INTERVAL_MS: env.int(200, 10),
  /** How often closed days are rolled up into waitlist.daily_stats. */
  STATS_ROLLUP_INTERVAL_MS: env.int(60_000, 100),
});

export type ApiEnv = z.output<typeof apiEnvSchema>;
export type WorkerEnv = z.output<typeof workerEnvSchema>;

export interface ApiConfig {
  env: ApiEnv['NODE_ENV'];
  logLevel: string;
  http: { port: number; host: string; trustProxy: string };
  databaseUrl: string;
  redis: { url: string; prefix: string };
  publicUrl: string;
  signup: { rateLimit: number; rateWindowSeconds: number; resendCooldownSeconds: number };
  confirmTokenTtlHours: number;
  referral: { boost: number; maxCredits: number };
  authJwksUrl: string;
  shutdownTimeoutMs: number;
}

export interface WorkerConfig {
  env: WorkerEnv['NODE_ENV'];
  logLevel: string;
  http: { port: number; host: string };
  databaseUrl: string;
  redis: { url: string; prefix: string };
  publicUrl: string;
  confirmTokenTtlHours: number;
  referral: { boost: number; maxCredits: number };
  mail: {
    smtpUrl: string | undefined;
    dir: string;
    from: string;
    supportEmail: string;
    concurrency: number;
    poolSize: number;
    attempts: number;
    backoffMs: number;
  };
  relayIntervalMs: number;
  statsRollupIntervalMs: number;
  shutdownTimeoutMs: number;
}

export function loadApiConfig(source: NodeJS.ProcessEnv = process.env): ApiConfig {
  const e = loadConfig(apiEnvSchema, source);
  return Object.freeze({
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    http: { port: e.WAITLIST_PORT, host: e.HOST, trustProxy: e.TRUST_PROXY },
    databaseUrl: e.DATABASE_URL,
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    publicUrl: e.PUBLIC_URL,
    signup: {
      rateLimit: e.SIGNUP_RATE_LIMIT,
      rateWindowSeconds: e.SIGNUP_RATE_WINDOW_S,
      resendCooldownSeconds: e.RESEND_COOLDOWN_S,
    },
    confirmTokenTtlHours: e.CONFIRM_TOKEN_TTL_H,
    referral: { boost: e.REFERRAL_BOOST, maxCredits: e.REFERRAL_MAX_CREDITS },
    authJwksUrl: e.AUTH_JWKS_URL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  });
}

export function loadWorkerConfig(source: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const e = loadConfig(workerEnvSchema, source);
  return Object.freeze({
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    http: { port: e.WORKER_PORT, host: e.HOST },
    databaseUrl: e.DATABASE_URL,
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    publicUrl: e.PUBLIC_URL,
    confirmTokenTtlHours: e.CONFIRM_TOKEN_TTL_H,
    referral: { boost: e.REFERRAL_BOOST, maxCredits: e.REFERRAL_MAX_CREDITS },
    mail: {
      smtpUrl: e.SMTP_URL,
      dir: e.MAIL_DIR,
      from: e.MAIL_FROM,
      supportEmail: e.SUPPORT_EMAIL,
      concurrency: e.MAIL_CONCURRENCY,
      poolSize: e.SMTP_POOL_SIZE,
      attempts: e.MAIL_ATTEMPTS,
      backoffMs: e.MAIL_BACKOFF_MS,
    },
    relayIntervalMs: e.RELAY_INTERVAL_MS,
    statsRollupIntervalMs: e.STATS_ROLLUP_INTERVAL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  });
}
