import {
  commonEnvSchema,
  databaseConfigOf,
  env,
  loadConfig,
  redisConfigOf,
  type DatabaseConfig,
  type RedisConfig,
} from '@mmdm/shared/config';
import { z } from 'zod';
import type { DkimSettings } from './modules/mail/dkim.js';

const DEFAULT_MAIL_FROM = 'Meet Match Date Marry <hello@meetmatchdatemarry.com>';

const storeUrl = z
  .string()
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', 'must be an https URL')
  .optional();

/** The stores' links, as the invitation's page (through its answer) and mail show them; null while unset. */
const storesOf = (e: { APP_STORE_URL?: string | undefined; PLAY_STORE_URL?: string | undefined }) => ({
  appStore: e.APP_STORE_URL ?? null,
  playStore: e.PLAY_STORE_URL ?? null,
});

/** Variables both waitlist processes read: links in mails and on pages must agree. */
const sharedSchema = commonEnvSchema.extend({
  /** Public base URL of the site: the base of every link in a mail. Unset: http://localhost:HTTP_PORT. */
  PUBLIC_URL: z
    .string()
    .refine(
      (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
      'must be an http(s) URL',
    )
    .optional(),
  /**
   * The site's published port (compose: nginx's host port). Only the default PUBLIC_URL follows it, so moving the
   * site to another port in .env moves the links in mails with it instead of leaving them on 8080.
   */
  HTTP_PORT: env.port(8080),
  RESEND_COOLDOWN_S: env.int(900, 0),
  CONFIRM_TOKEN_TTL_H: env.int(72, 1),
  /** Every mail's footer (and the staff preview) shows these. */
  SUPPORT_EMAIL: z.email().default('support@meetmatchdatemarry.com'),
  /**
   * The sender's postal address in every mail's footer (CAN-SPAM requires one in mail to real people). Unset (or
   * blank): the footer leaves the line out and the worker warns at start; a placeholder was mailed to people before.
   */
  MAIL_POSTAL_ADDRESS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().min(5).max(200).optional(),
  ),
  /**
   * Keys the suppression list's HMAC of each address. Changing it forgets the list (every address becomes mailable
   * again), so set it once per deployment. Unset: a key generated at first start and kept in Postgres
   * (lib/service-keys.ts), never a constant from the source.
   */
  SUPPRESSION_KEY: z.string().min(16).optional(),
  /** Places up per credited referral (the place rule; the worker rewrites place keys when it changes). */
  REFERRAL_BOOST: env.int(10, 0),
  /** Credited referrals per referrer at most; later ones are recorded as refused (`cap_reached`). */
  REFERRAL_MAX_CREDITS: env.int(50, 0),
  /**
   * The apps' pages in the App Store and Google Play, once they are out: the invitation page's and mail's badges lead
   * there. Unset: no badge; the page and mail say we write again the day the apps are out.
   */
  APP_STORE_URL: storeUrl,
  PLAY_STORE_URL: storeUrl,
  /**
   * The private webhook receivers a development or test setup trusts, one by one: `host:port` pairs, comma-separated
   * (`127.0.0.1:4000,receiver.internal:8443`). Empty (the default): no webhook ever reaches a loopback, private,
   * link-local or metadata address (decision 037).
   */
  /**
   * Seals the webhook endpoints' signing secrets at rest (AES-256-GCM; decision 037): 32 random bytes, base64
   * (`openssl rand -base64 32`). Unset: generated at first start and kept in Postgres like the other keys. Keep it: a
   * secret sealed under a lost key cannot sign, and each endpoint needs a rotation.
   */
  WEBHOOK_SECRET_KEY: z
    .string()
    .trim()
    .refine(
      (value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'must be 32 random bytes, base64 (openssl rand -base64 32)',
    )
    .optional(),
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'must be host:port pairs'))),
});

/** Where webhooks may go: https only in production; private receivers only those named in WEBHOOK_ALLOWED_HOSTS. */
export interface WebhookTargetConfig {
  httpsOnly: boolean;
  allowedHosts: string[];
}

const webhookTargetsOf = (e: { NODE_ENV: string; WEBHOOK_ALLOWED_HOSTS: string[] }): WebhookTargetConfig => ({
  httpsOnly: e.NODE_ENV === 'production',
  allowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
});

export const apiEnvSchema = sharedSchema
  .extend({
    WAITLIST_PORT: env.port(8082),
    /**
     * `GET /metrics` on a port of its own as well, so a scraper can be let reach that port alone, never the API's
     * (Kubernetes: 9082). Unset: only on WAITLIST_PORT.
     */
    WAITLIST_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Loopback unless told otherwise: only the gateway calls a service (compose sets 0.0.0.0 on its own network). */
    HOST: z.string().default('127.0.0.1'),
    /**
     * The hard ceiling of sign-ups per client (an IPv4 address or an IPv6 /64) per window, whatever work it does: a
     * rate no crowd of browsers behind one address reaches, since past SIGNUP_WORK_AFTER each pays a proof of work
     * that doubles as its count doubles. With SIGNUP_CHALLENGE=off no work carries the load: SIGNUP_WORK_AFTER is then
     * the ceiling.
     */
    SIGNUP_RATE_LIMIT: env.int(1000, 1),
    /** Sign-ups per client per window before its own pace asks for proof of work (a household's sign-ups are free). */
    SIGNUP_WORK_AFTER: env.int(10, 1),
    SIGNUP_RATE_WINDOW_S: env.int(3600, 1),
    AUTH_JWKS_URL: env.url('http://127.0.0.1:8081/.well-known/jwks.json', ['http:', 'https:']),
    /**
     * The auth service's variable, read here too: with `required`, staff sessions signed in without a second factor
     * are refused by the admin routes of this service as well (decision 024).
     */
    STAFF_MFA: z.enum(['optional', 'required']).default('optional'),
    /** CSV exports streaming at once (each holds its own Postgres connection); more are refused with 429. */
    EXPORT_MAX_CONCURRENT: env.int(2, 1),
    /** Single-use tickets for friends an admitted member gets (decision 036); 0: none. */
    TICKETS_PER_MEMBER: z.coerce.number().int().min(0).max(100).default(3),
    /** "Your data" link requests per client address per 15 minutes. */
    DATA_ACCESS_RATE_LIMIT: env.int(5, 1),
    /** Contact-form messages per network (/24 or /48, as the abuse defences count) per hour. */
    CONTACT_RATE_LIMIT: env.int(10, 1),
    /**
     * Contact-form messages per minute (this process) from everywhere / from one network before SIGNUP_CHALLENGE's
     * `adaptive` mode asks the form for proof of work; the form's own pressure, apart from sign-ups'.
     */
    CONTACT_PRESSURE_GLOBAL: env.int(20, 1),
    CONTACT_PRESSURE_NETWORK: env.int(2, 1),
    /**
     * Amazon SES through SNS: the topic ARNs (comma-separated) whose notifications are accepted. A valid SNS signature
     * only proves the message came from SNS, not from our topic; unset, POST /waitlist/hooks/ses answers 404.
     */
    SES_SNS_TOPIC_ARNS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((arn) => arn.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_.-]+$/, 'must be SNS topic ARNs')),
      ),
    /** Postmark's webhook: the HTTP Basic credentials set in its webhook URL. Unset, POST /waitlist/hooks/postmark answers 404. */
    POSTMARK_WEBHOOK_USER: z.string().min(1).max(200).optional(),
    POSTMARK_WEBHOOK_PASSWORD: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
    /** Optional: the only client addresses Postmark's webhook may come from (comma-separated; Postmark lists its own). */
    POSTMARK_WEBHOOK_IPS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((ip) => ip.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.union([z.ipv4(), z.ipv6()]))),
    /**
     * Proof of work on sign-up (ALTCHA): `adaptive` asks for it only while sign-ups press (globally or from one
     * network) and raises its cost with the pressure; `always` always asks; `off` never does.
     */
    SIGNUP_CHALLENGE: z.enum(['off', 'adaptive', 'always']).default('adaptive'),
    /** Attempts a solver needs at most at the base cost (the secret counter is drawn below it); ×2 per pressure step. */
    SIGNUP_CHALLENGE_COST: env.int(5000, 100),
    SIGNUP_CHALLENGE_TTL_S: env.int(600, 30),
    /** Sign-ups per minute (this process) from everywhere / from one network before `adaptive` asks for work. */
    SIGNUP_PRESSURE_GLOBAL: env.int(120, 1),
    SIGNUP_PRESSURE_NETWORK: env.int(10, 1),
    /**
     * Keys the HMACs of the abuse defences: challenge signatures and the hashes of sign-up networks and devices.
     * Changing it voids challenges in flight and makes old network hashes incomparable. Unset: a key generated at
     * first start and kept in Postgres, shared by every replica (lib/service-keys.ts).
     */
    ABUSE_KEY: z.string().min(16).optional(),
    /**
     * Seals the balance data people give on their status page (AES-256-GCM; decision 035): 32 random bytes, base64
     * (`openssl rand -base64 32`). Unset: generated at first start and kept in Postgres like ABUSE_KEY. Keep it: data
     * sealed under a lost key cannot be opened, and a balanced wave refuses to draft from it.
     */
    BALANCE_DATA_KEY: z
      .string()
      .trim()
      .refine(
        (value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32,
        'must be 32 random bytes, base64 (openssl rand -base64 32)',
      )
      .optional(),
    /** Refuse domains with no MX, A or AAAA record (fail open when DNS fails or answers slower than DNS_TIMEOUT_MS). */
    EMAIL_DNS_CHECK: env.bool(true),
    /** Resolvers for that check, `host` or `host:port`, comma-separated; unset: the system's. */
    DNS_SERVERS: z
      .string()
      .regex(/^\s*[^\s,]+(\s*,\s*[^\s,]+)*\s*$/, 'must be a comma-separated list of host or host:port')
      .optional(),
    DNS_TIMEOUT_MS: env.int(500, 10),
    /**
     * Domains that always take mail: when none of them resolves either, the resolver is failing (not the domain) and
     * sign-ups are accepted and flagged instead of refused. Empty: every "no such domain" is believed.
     */
    DNS_WELL_KNOWN_DOMAINS: z
      .string()
      .regex(/^\s*([a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*)?\s*$/i, 'must be a comma-separated list of domains')
      .default('gmail.com,outlook.com'),
    /** How long the well-known domains' verdict is trusted before they are asked again (while failing, and after). */
    DNS_WELL_KNOWN_RECHECK_MS: env.int(15_000, 100),
    /** Referral credits are held for review, not granted, beyond these (per referrer, within the window). */
    REFERRAL_HOLD_WINDOW_H: env.int(24, 1),
    REFERRAL_HOLD_PER_NETWORK: env.int(3, 0),
    REFERRAL_HOLD_PER_DEVICE: env.int(2, 0),
    /** A burst: more credits in the last hour than this many, and than BURST_FACTOR × the referrer's usual hourly pace. */
    REFERRAL_HOLD_BURST_MIN: env.int(10, 1),
    REFERRAL_HOLD_BURST_FACTOR: env.int(5, 1),
  })
  .refine((e) => Boolean(e.POSTMARK_WEBHOOK_USER) === Boolean(e.POSTMARK_WEBHOOK_PASSWORD), {
    message: 'set both POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD, or neither',
    path: ['POSTMARK_WEBHOOK_PASSWORD'],
  });

export const workerEnvSchema = sharedSchema
  .extend({
    WORKER_PORT: env.port(8083),
    /** Loopback unless told otherwise: only the gateway calls a service (compose sets 0.0.0.0 on its own network). */
    HOST: z.string().default('127.0.0.1'),
    /** The auth service, next to its JWKS: the worker asks it for the admins' addresses when it mails an admin alert. */
    AUTH_JWKS_URL: env.url('http://127.0.0.1:8081/.well-known/jwks.json', ['http:', 'https:']),
    /** Unset: mails are written as .eml files into MAIL_DIR (development); never silently dropped. */
    SMTP_URL: z
      .string()
      .refine(
        (value) => URL.canParse(value) && ['smtp:', 'smtps:'].includes(new URL(value).protocol),
        'must be an smtp:// or smtps:// URL',
      )
      .optional(),
    MAIL_DIR: z.string().default('./var/mail'),
    /** Its domain names each Message-ID, so it must end with an address. */
    MAIL_FROM: z
      .string()
      .min(3)
      .refine((value) => /@[A-Za-z0-9.-]+\.[A-Za-z]{2,}>?\s*$/.test(value.trim()), 'must end with an e-mail address')
      .default(DEFAULT_MAIL_FROM),
    /**
     * Jobs in flight, not SMTP connections (SMTP_POOL_SIZE caps those): a job spends most of its time waiting on
     * Postgres and Redis, and with only as many jobs as connections the connections sat idle (docs/performance.md).
     */
    /** DKIM signing: all three or none (a PEM file, the usual secret-file pattern). */
    DKIM_DOMAIN: z
      .string()
      .regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, 'must be a domain name')
      .optional(),
    DKIM_SELECTOR: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a DNS label')
      .optional(),
    DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
    /**
     * The envelope sender (SMTP MAIL FROM, the Return-Path) where bounces go: the address of BOUNCE_MAILBOX_URL's
     * mailbox. Unset: MAIL_FROM's address.
     */
    MAIL_RETURN_PATH: z.email().optional(),
    /** The mailbox asynchronous bounce and complaint reports arrive in: imaps://user:password@host:993/INBOX. */
    BOUNCE_MAILBOX_URL: z
      .string()
      .refine(
        (value) =>
          URL.canParse(value) &&
          ['imap:', 'imaps:'].includes(new URL(value).protocol) &&
          new URL(value).username !== '',
        'must be an imap:// or imaps:// URL with a user name',
      )
      .optional(),
    BOUNCE_MAILBOX_POLL_MS: env.int(60_000, 1000),
    MAIL_CONCURRENCY: env.int(25, 1),
    SMTP_POOL_SIZE: env.int(5, 1),
    MAIL_ATTEMPTS: env.int(15, 1),
    MAIL_BACKOFF_MS: env.int(1000, 1),
    /**
     * BullMQ's job lock: a worker renews it every half of this while it sends; the jobs of a worker that died
     * (SIGKILL, a lost machine) go to another worker between one and two of these after its last renewal.
     */
    MAIL_JOB_LOCK_MS: env.int(30_000, 1000),
    /**
     * Mails per second across every worker (BullMQ's limiter, kept in Redis): the mail provider's send rate (Amazon
     * SES starts accounts at 14). 0: no limit. Within it, lanes go first to last (decision 032).
     */
    MAIL_SEND_RATE: env.int(0, 0),
    RELAY_INTERVAL_MS: env.int(200, 10),
    /** How often closed days are rolled up into waitlist.daily_stats. */
    STATS_ROLLUP_INTERVAL_MS: env.int(60_000, 100),
    /** Retention (the privacy policy's periods): unsubscribed rows, never-confirmed sign-ups, audit rows. */
    UNSUBSCRIBED_RETENTION_H: env.int(0, 0),
    UNCONFIRMED_RETENTION_H: env.int(168, 1),
    AUDIT_RETENTION_DAYS: env.int(400, 1),
    /** Contact-form messages (and their mails' outbox rows) are erased this many days after they arrived. */
    CONTACT_RETENTION_DAYS: env.int(180, 1),
    RETENTION_INTERVAL_MS: env.int(60_000, 100),
  })
  .refine((e) => [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY_FILE].filter(Boolean).length % 3 === 0, {
    message: 'set all three of DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE, or none',
    path: ['DKIM_DOMAIN'],
  });

/** The base of every link, without a trailing slash (so links never hold "//"). */
function publicUrlOf(e: { PUBLIC_URL?: string | undefined; HTTP_PORT: number }): string {
  return (e.PUBLIC_URL ?? `http://localhost:${e.HTTP_PORT}`).replace(/\/+$/, '');
}

export type ApiEnv = z.output<typeof apiEnvSchema>;
export type WorkerEnv = z.output<typeof workerEnvSchema>;

export interface ApiConfig {
  env: ApiEnv['NODE_ENV'];
  logLevel: string;
  http: { port: number; host: string; trustProxy: string; metricsPort: number | undefined };
  /** = database.url */
  databaseUrl: string;
  database: DatabaseConfig;
  redis: RedisConfig;
  publicUrl: string;
  signup: { rateLimit: number; workAfter: number; rateWindowSeconds: number; resendCooldownSeconds: number };
  confirmTokenTtlHours: number;
  /** What mail footers show, for the staff preview of the templates. */
  mailSite: { publicUrl: string; supportEmail: string; postalAddress: string | undefined };
  /**
   * ABUSE_KEY, SUPPRESSION_KEY, BALANCE_DATA_KEY and WEBHOOK_SECRET_KEY when set; unset, the keys stored in Postgres (resolveServiceKeys)
   * are used.
   */
  keys: {
    abuse: string | undefined;
    suppression: string | undefined;
    balance: string | undefined;
    webhook: string | undefined;
  };
  stores: { appStore: string | null; playStore: string | null };
  referral: { boost: number; maxCredits: number };
  authJwksUrl: string;
  /** STAFF_MFA=required: staff sessions must show a second factor in their `amr`. */
  staffSecondFactorRequired: boolean;
  exportMaxConcurrent: number;
  /** TICKETS_PER_MEMBER: tickets for friends per admitted member. */
  ticketsPerMember: number;
  dataAccessRateLimit: number;
  /** The contact form's own rate limit and pressure thresholds (its proof of work follows SIGNUP_CHALLENGE's mode). */
  contact: { rateLimit: number; pressureGlobal: number; pressureNetwork: number };
  /** Bounce and complaint webhooks; each undefined (its route answers 404) unless configured. */
  hooks: {
    ses: { topicArns: string[] } | undefined;
    postmark: { user: string; password: string; allowedIps: string[] } | undefined;
  };
  abuse: AbuseConfig;
  webhooks: WebhookTargetConfig;
  shutdownTimeoutMs: number;
}

/** Every knob of the abuse defences in one place (docs/decisions/017). */
export interface AbuseConfig {
  challenge: {
    mode: 'off' | 'adaptive' | 'always';
    cost: number;
    ttlSeconds: number;
    pressureGlobal: number;
    pressureNetwork: number;
  };
  dns: { check: boolean; servers: string[]; timeoutMs: number; wellKnownDomains: string[]; probeTtlMs: number };
  /** Referral-fraud rules' thresholds (see modules/abuse/referral-rules.ts). */
  referralHold: {
    windowHours: number;
    perNetwork: number;
    perDevice: number;
    burstMin: number;
    burstFactor: number;
  };
}

export interface WorkerConfig {
  env: WorkerEnv['NODE_ENV'];
  logLevel: string;
  http: { port: number; host: string };
  /** = database.url */
  databaseUrl: string;
  database: DatabaseConfig;
  redis: RedisConfig;
  publicUrl: string;
  confirmTokenTtlHours: number;
  /** SUPPRESSION_KEY and WEBHOOK_SECRET_KEY when set; unset, the keys stored in Postgres (resolveServiceKeys). */
  keys: { suppression: string | undefined; webhook: string | undefined };
  referral: { boost: number; maxCredits: number };
  stores: { appStore: string | null; playStore: string | null };
  mail: {
    smtpUrl: string | undefined;
    dir: string;
    from: string;
    supportEmail: string;
    postalAddress: string | undefined;
    dkim: DkimSettings | undefined;
    concurrency: number;
    poolSize: number;
    attempts: number;
    backoffMs: number;
    jobLockMs: number;
    /** Mails per second across all workers; 0: unlimited. */
    sendRate: number;
    returnPath: string | undefined;
  };
  bounceMailbox: { url: string; pollMs: number } | undefined;
  /** The auth service's JWKS address; its internal endpoints (the admins' addresses) are beside it. */
  authJwksUrl: string;
  webhooks: WebhookTargetConfig;
  relayIntervalMs: number;
  statsRollupIntervalMs: number;
  retention: {
    unsubscribedHours: number;
    unconfirmedHours: number;
    auditDays: number;
    contactDays: number;
    intervalMs: number;
  };
  shutdownTimeoutMs: number;
}

export function loadApiConfig(source: NodeJS.ProcessEnv = process.env): ApiConfig {
  const e = loadConfig(apiEnvSchema, source);
  return Object.freeze({
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    http: { port: e.WAITLIST_PORT, host: e.HOST, trustProxy: e.TRUST_PROXY, metricsPort: e.WAITLIST_METRICS_PORT },
    databaseUrl: e.DATABASE_URL,
    database: databaseConfigOf(e),
    redis: redisConfigOf(e),
    publicUrl: publicUrlOf(e),
    signup: {
      rateLimit: e.SIGNUP_RATE_LIMIT,
      workAfter: e.SIGNUP_WORK_AFTER,
      rateWindowSeconds: e.SIGNUP_RATE_WINDOW_S,
      resendCooldownSeconds: e.RESEND_COOLDOWN_S,
    },
    confirmTokenTtlHours: e.CONFIRM_TOKEN_TTL_H,
    mailSite: { publicUrl: publicUrlOf(e), supportEmail: e.SUPPORT_EMAIL, postalAddress: e.MAIL_POSTAL_ADDRESS },
    keys: {
      abuse: e.ABUSE_KEY,
      suppression: e.SUPPRESSION_KEY,
      balance: e.BALANCE_DATA_KEY,
      webhook: e.WEBHOOK_SECRET_KEY,
    },
    stores: storesOf(e),
    referral: { boost: e.REFERRAL_BOOST, maxCredits: e.REFERRAL_MAX_CREDITS },
    authJwksUrl: e.AUTH_JWKS_URL,
    staffSecondFactorRequired: e.STAFF_MFA === 'required',
    exportMaxConcurrent: e.EXPORT_MAX_CONCURRENT,
    ticketsPerMember: e.TICKETS_PER_MEMBER,
    dataAccessRateLimit: e.DATA_ACCESS_RATE_LIMIT,
    contact: {
      rateLimit: e.CONTACT_RATE_LIMIT,
      pressureGlobal: e.CONTACT_PRESSURE_GLOBAL,
      pressureNetwork: e.CONTACT_PRESSURE_NETWORK,
    },
    hooks: {
      ses: e.SES_SNS_TOPIC_ARNS.length ? { topicArns: e.SES_SNS_TOPIC_ARNS } : undefined,
      postmark:
        e.POSTMARK_WEBHOOK_USER && e.POSTMARK_WEBHOOK_PASSWORD
          ? { user: e.POSTMARK_WEBHOOK_USER, password: e.POSTMARK_WEBHOOK_PASSWORD, allowedIps: e.POSTMARK_WEBHOOK_IPS }
          : undefined,
    },
    abuse: {
      challenge: {
        mode: e.SIGNUP_CHALLENGE,
        cost: e.SIGNUP_CHALLENGE_COST,
        ttlSeconds: e.SIGNUP_CHALLENGE_TTL_S,
        pressureGlobal: e.SIGNUP_PRESSURE_GLOBAL,
        pressureNetwork: e.SIGNUP_PRESSURE_NETWORK,
      },
      dns: {
        check: e.EMAIL_DNS_CHECK,
        servers: (e.DNS_SERVERS ?? '')
          .split(',')
          .map((server) => server.trim())
          .filter(Boolean),
        timeoutMs: e.DNS_TIMEOUT_MS,
        wellKnownDomains: e.DNS_WELL_KNOWN_DOMAINS.split(',')
          .map((domain) => domain.trim().toLowerCase())
          .filter(Boolean),
        probeTtlMs: e.DNS_WELL_KNOWN_RECHECK_MS,
      },
      referralHold: {
        windowHours: e.REFERRAL_HOLD_WINDOW_H,
        perNetwork: e.REFERRAL_HOLD_PER_NETWORK,
        perDevice: e.REFERRAL_HOLD_PER_DEVICE,
        burstMin: e.REFERRAL_HOLD_BURST_MIN,
        burstFactor: e.REFERRAL_HOLD_BURST_FACTOR,
      },
    },
    webhooks: webhookTargetsOf(e),
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
    database: databaseConfigOf(e),
    redis: redisConfigOf(e),
    publicUrl: publicUrlOf(e),
    confirmTokenTtlHours: e.CONFIRM_TOKEN_TTL_H,
    keys: { suppression: e.SUPPRESSION_KEY, webhook: e.WEBHOOK_SECRET_KEY },
    referral: { boost: e.REFERRAL_BOOST, maxCredits: e.REFERRAL_MAX_CREDITS },
    stores: storesOf(e),
    mail: {
      smtpUrl: e.SMTP_URL,
      dir: e.MAIL_DIR,
      from: e.MAIL_FROM,
      supportEmail: e.SUPPORT_EMAIL,
      postalAddress: e.MAIL_POSTAL_ADDRESS,
      dkim:
        e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY_FILE
          ? { domain: e.DKIM_DOMAIN, selector: e.DKIM_SELECTOR, privateKeyFile: e.DKIM_PRIVATE_KEY_FILE }
          : undefined,
      concurrency: e.MAIL_CONCURRENCY,
      poolSize: e.SMTP_POOL_SIZE,
      attempts: e.MAIL_ATTEMPTS,
      backoffMs: e.MAIL_BACKOFF_MS,
      jobLockMs: e.MAIL_JOB_LOCK_MS,
      sendRate: e.MAIL_SEND_RATE,
      returnPath: e.MAIL_RETURN_PATH,
    },
    bounceMailbox: e.BOUNCE_MAILBOX_URL ? { url: e.BOUNCE_MAILBOX_URL, pollMs: e.BOUNCE_MAILBOX_POLL_MS } : undefined,
    authJwksUrl: e.AUTH_JWKS_URL,
    webhooks: webhookTargetsOf(e),
    relayIntervalMs: e.RELAY_INTERVAL_MS,
    statsRollupIntervalMs: e.STATS_ROLLUP_INTERVAL_MS,
    retention: {
      unsubscribedHours: e.UNSUBSCRIBED_RETENTION_H,
      unconfirmedHours: e.UNCONFIRMED_RETENTION_H,
      auditDays: e.AUDIT_RETENTION_DAYS,
      contactDays: e.CONTACT_RETENTION_DAYS,
      intervalMs: e.RETENTION_INTERVAL_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  });
}
