import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import type pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createPool } from '@mmdm/shared/db';
import { createLogger } from '@mmdm/shared/logger';
import { createRedis, waitForRedis } from '@mmdm/shared/redis';
import { revocationKeys, type StaffRole } from '@mmdm/shared/tokens';
import {
  captureLogs,
  createTestDatabase,
  databaseEnvFor,
  expectAnswerInDocument,
  request,
  SmtpSink,
  type Answer,
  type CapturedLogs,
  type RequestOptions,
  type TestDatabase,
} from '@mmdm/tests/support';
import { createApp } from '../app.js';
import type { Resolve } from '../modules/webhooks/webhook-target.js';
import { loadApiConfig, loadWorkerConfig, type ApiConfig, type WorkerConfig } from '../config.js';
import { resolveServiceKeys } from '../lib/service-keys.js';
import { migrateWaitlist } from '../migrations.js';
import type { AwsFetch } from '../modules/bounces/sns-signature.js';
import { startMailWorker, type MailWorker } from '../worker.js';

/** `request` with the contract check: every answer a test receives must be one the OpenAPI document describes. */
async function requestChecked(baseUrl: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  const answer = await request(baseUrl, path, options);
  expectAnswerInDocument(options.method ?? 'GET', path, answer);
  return answer;
}

/** One database per test file: the worker's relay takes every outbox row it can see, so files must not share. */
export interface TestContext {
  /** The file's database, straight to Postgres (migrations, and tests that look at rows themselves). */
  databaseUrl: string;
  /**
   * DATABASE_URL (and, in the `pgbouncer` project, DATABASE_DIRECT_URL and DATABASE_POOL_MODE) of the processes a
   * test starts: in that project they reach Postgres through PgBouncer in transaction pooling.
   */
  databaseEnv: Record<string, string>;
  redisUrl: string;
  /** Redis key prefix of this file (rate-limit counters, queue, revocations). */
  prefix: string;
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function createTestContext(): Promise<TestContext> {
  const serverUrl = inject('databaseUrl');
  const database: TestDatabase = await createTestDatabase(serverUrl);
  const logger = createLogger({ name: 'waitlist-test', level: 'silent' });
  await migrateWaitlist(database.url, logger);
  const databaseEnv = databaseEnvFor(database.url, inject('pgbouncerPort'));
  // As the processes' own pool (through the pooler in the `pgbouncer` project).
  const pool = createPool({
    connectionString: databaseEnv.DATABASE_URL!,
    applicationName: 'waitlist-test',
    poolMode: databaseEnv.DATABASE_POOL_MODE === 'transaction' ? 'transaction' : 'session',
  });
  const prefix = `${inject('redisPrefix')}${randomBytes(3).toString('hex')}`;
  const redisUrl = inject('redisUrl');
  return {
    databaseUrl: database.url,
    databaseEnv,
    redisUrl,
    prefix,
    pool,
    async close() {
      await pool.end();
      await deleteKeys(redisUrl, prefix);
      if (process.env.KEEP_TEST_DATABASE !== 'true') await database.drop();
    },
  };
}

/**
 * A `TestContext` made before the file's tests and closed after them (vitest's beforeAll and afterAll, registered
 * where this is called), for files that start no API or start their own. Filled in when the file's first test runs.
 */
export function useTestContext(): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    Object.assign(context, await createTestContext());
  });
  afterAll(async () => {
    await context.close?.();
  });
  return context;
}

/** Deletes this file's keys only (never FLUSHDB: Redis is shared). */
async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = createRedis(redisUrl, 'worker');
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface ApiHarness {
  url: string;
  config: ApiConfig;
  redis: Redis;
  logs: CapturedLogs;
  /** `request` (tests/support/http.ts) against this API, with the contract check. */
  request(path: string, options?: RequestOptions): Promise<Answer>;
  close(): Promise<void>;
}

export interface ApiOptions {
  env?: Record<string, string>;
  redisUrl?: string;
  staffKeys?: JWTVerifyGetKey;
  /**
   * The auth service these tokens come from: after a loss of Redis, it is asked to fill the revocation cache again,
   * as in production. Without one, nothing was ever revoked in Postgres, and the harness marks the cache filled.
   */
  authUrl?: string;
  /** Stands in for AWS when the SES webhook fetches a signing certificate or a SubscribeURL. */
  fetchAws?: AwsFetch;
  /** How many of a wave the staff call invites itself; the worker's applier invites the rest. */
  waveBatch?: number;
  /** Resolves webhook URLs' names when an endpoint is saved (a name whose answer a test decides). */
  webhookResolve?: Resolve;
}

export async function startApi(context: TestContext, options: ApiOptions = {}): Promise<ApiHarness> {
  const config = loadApiConfig({
    ...context.databaseEnv,
    REDIS_URL: options.redisUrl ?? context.redisUrl,
    REDIS_PREFIX: context.prefix,
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: 'http://mmdm.test',
    SIGNUP_RATE_LIMIT: '1000',
    // Free sign-ups per client before its pace asks for work; SIGNUP_RATE_LIMIT alone then bounds a client.
    SIGNUP_WORK_AFTER: '1000000',
    DATA_ACCESS_RATE_LIMIT: '1000',
    CONTACT_RATE_LIMIT: '1000',
    // The abuse defences have their own tests (modules/abuse); elsewhere many sign-ups from one address to
    // example.com must neither meet the proof of work nor wait on a DNS this machine may not reach.
    SIGNUP_CHALLENGE: 'off',
    EMAIL_DNS_CHECK: 'false',
    // Every test friend signs up from 127.0.0.1: the referral-fraud rules would hold their credits.
    REFERRAL_HOLD_PER_NETWORK: '0',
    REFERRAL_HOLD_PER_DEVICE: '0',
    REFERRAL_HOLD_BURST_MIN: '100000',
    ...(options.authUrl ? { AUTH_JWKS_URL: `${options.authUrl}/.well-known/jwks.json` } : {}),
    ...options.env,
  });
  const logs = captureLogs();
  const logger = createLogger({ name: 'waitlist', level: 'info', destination: logs.stream });
  const redis = createRedis(config.redis, 'producer');
  await waitForRedis(redis, 5000);
  const app = createApp({
    config,
    // As main.ts: the environment's keys, else those kept in the file's database (shared by every API it starts).
    keys: await resolveServiceKeys(context.pool, config.keys),
    pool: context.pool,
    redis,
    logger,
    staffKeys: options.staffKeys ?? (await staffKeys()).keys,
    ...(options.authUrl
      ? {}
      : { restoreRevocations: async () => void (await redis.set(revocationKeys.loaded(config.redis.prefix), 'test')) }),
    ...(options.fetchAws ? { fetchAws: options.fetchAws } : {}),
    ...(options.waveBatch ? { waveBatch: options.waveBatch } : {}),
    ...(options.webhookResolve ? { webhookResolve: options.webhookResolve } : {}),
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    config,
    redis,
    logs,
    request: (path, requestOptions) => requestChecked(url, path, requestOptions),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
    },
  };
}

export interface WorkerHarness {
  worker: MailWorker;
  config: WorkerConfig;
  logs: CapturedLogs;
  close(): Promise<void>;
}

export async function startWorker(
  context: TestContext,
  options: {
    smtpUrl?: string;
    redisUrl?: string;
    env?: Record<string, string>;
    /** The admins an admin alert goes to (stands in for the auth service); by default TEST_ADMIN_ADDRESSES. */
    adminAddresses?: () => Promise<string[]>;
    /** How often the worker checks the cities' openings; by default once an hour (tests check when they mean to). */
    cityOpeningCheckMs?: number;
  } = {},
): Promise<WorkerHarness> {
  const config = loadWorkerConfig({
    ...context.databaseEnv,
    REDIS_URL: options.redisUrl ?? context.redisUrl,
    REDIS_PREFIX: context.prefix,
    PUBLIC_URL: 'http://mmdm.test',
    RELAY_INTERVAL_MS: '50',
    MAIL_BACKOFF_MS: '100',
    MAIL_ATTEMPTS: '15',
    // Tests run the retention rules themselves (worker.retention.runOnce()), when they mean to.
    RETENTION_INTERVAL_MS: '3600000',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  const logs = captureLogs();
  const logger = createLogger({ name: 'waitlist-worker', level: 'info', destination: logs.stream });
  const worker = await startMailWorker({
    config,
    logger,
    pool: context.pool,
    adminAddresses: options.adminAddresses ?? (async () => [...TEST_ADMIN_ADDRESSES]),
    cityOpeningCheckMs: options.cityOpeningCheckMs ?? 3_600_000,
  });
  return {
    worker,
    config,
    logs,
    async close() {
      for (const resource of worker.resources) await resource.close();
    },
  };
}

/** The admins of the auth service the test workers stand in for: whom admin alerts go to. */
export const TEST_ADMIN_ADDRESSES = ['first-admin@mmdm.test', 'second-admin@mmdm.test'] as const;

export async function startSink(): Promise<SmtpSink> {
  return new SmtpSink().start();
}

/** The one helper for a fresh address (tests/support/unique-email.ts), here for the files that import the harness. */
export { uniqueEmail } from '@mmdm/tests/support';

/** The raw token of the confirm link in a mail. */
export function confirmTokenIn(text: string): string {
  const match = /\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match?.[1]) throw new Error('no confirm link in the mail');
  return match[1];
}

export interface StaffKeys {
  keys: JWTVerifyGetKey;
  sign(role: StaffRole, overrides?: { sub?: string; expiresInSeconds?: number; email?: string }): Promise<string>;
}

/** An Ed25519 key pair standing in for the auth service: tokens signed as auth signs them. */
export async function staffKeys(): Promise<StaffKeys> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  return {
    keys: createLocalJWKSet({ keys: [jwk] }),
    async sign(role, overrides = {}) {
      return new SignJWT({ role, gen: 0, ...(overrides.email ? { email: overrides.email } : {}) })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
        .setIssuer('mmdm-auth')
        .setAudience('mmdm-staff')
        .setSubject(overrides.sub ?? randomUUID())
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${overrides.expiresInSeconds ?? 3600}s`)
        .sign(privateKey);
    },
  };
}

/** Polls until `check` returns a value that is not undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What most service test files start: a database of the file's own, staff keys and the API. */
export interface WaitlistApi {
  context: TestContext;
  /** Stands in for the auth service: signs staff tokens the API accepts. */
  staff: StaffKeys;
  api: ApiHarness;
}

export interface WaitlistApiOptions extends Omit<ApiOptions, 'staffKeys'> {
  /** Read when the API starts, so it may name what the file's earlier beforeAll started (a DNS server). */
  envAtStart?: () => Record<string, string>;
}

/**
 * Starts a `WaitlistApi` before the file's tests and closes it after them (vitest's beforeAll and afterAll, registered
 * where this is called). The object is filled in when the file's first test runs.
 */
export function useWaitlistApi(options: WaitlistApiOptions = {}): WaitlistApi {
  const { envAtStart, ...apiOptions } = options;
  const system = {} as WaitlistApi;
  beforeAll(async () => {
    system.context = await createTestContext();
    system.staff = await staffKeys();
    const env = { ...apiOptions.env, ...envAtStart?.() };
    system.api = await startApi(system.context, { ...apiOptions, env, staffKeys: system.staff.keys });
  });
  afterAll(async () => {
    await system.api?.close();
    await system.context?.close();
  });
  return system;
}

/** An SMTP server a test starts for the worker to deliver to. */
export interface MailServer {
  url: string;
  close(): Promise<void>;
}

/** A `WaitlistApi` with the mail worker, delivering to an SMTP server of the file's own. */
export interface WaitlistSystem<Smtp extends MailServer = SmtpSink> extends WaitlistApi {
  worker: WorkerHarness;
  smtp: Smtp;
}

export interface SystemOptions<Smtp extends MailServer> {
  /** Environment of both the API and the worker (SUPPRESSION_KEY...). */
  env?: Record<string, string>;
  apiEnv?: Record<string, string>;
  /** Read when the worker starts, so it may name what the file's earlier beforeAll started (a mailbox). */
  workerEnv?: () => Record<string, string>;
  /** Starts the SMTP server; by default an `SmtpSink`, which keeps every mail. */
  smtp?: () => Promise<Smtp>;
}

/**
 * Starts a `WaitlistSystem` before the file's tests and closes it after them, as `useWaitlistApi` does: the API, the
 * worker and its SMTP server on the file's own database.
 */
export function useWaitlistSystem(options?: SystemOptions<SmtpSink>): WaitlistSystem;
export function useWaitlistSystem<Smtp extends MailServer>(
  options: SystemOptions<Smtp> & { smtp: () => Promise<Smtp> },
): WaitlistSystem<Smtp>;
export function useWaitlistSystem(options: SystemOptions<MailServer> = {}): WaitlistSystem<MailServer> {
  const system = {} as WaitlistSystem<MailServer>;
  beforeAll(async () => {
    system.context = await createTestContext();
    system.smtp = await (options.smtp ?? startSink)();
    system.staff = await staffKeys();
    system.api = await startApi(system.context, {
      staffKeys: system.staff.keys,
      env: { ...options.env, ...options.apiEnv },
    });
    system.worker = await startWorker(system.context, {
      smtpUrl: system.smtp.url,
      env: { ...options.env, ...options.workerEnv?.() },
    });
  });
  afterAll(async () => {
    await system.worker?.close();
    await system.api?.close();
    await system.smtp?.close();
    await system.context?.close();
  });
  return system;
}

/** An address's key in waitlist.suppressions and soft_bounces: HMAC-SHA-256 under SUPPRESSION_KEY, as the service keys it. */
export function suppressionHash(key: string, email: string): Buffer {
  return createHmac('sha256', key).update(email.toLowerCase()).digest();
}

/** The suppression row of an address, or undefined when it may be mailed. */
export async function readSuppression(
  pool: pg.Pool,
  key: string,
  email: string,
): Promise<{ reason: string; source: string | null } | undefined> {
  const { rows } = await pool.query<{ reason: string; source: string | null }>(
    'select reason, source from waitlist.suppressions where email_hash = $1',
    [suppressionHash(key, email)],
  );
  return rows[0];
}

/** How many temporary refusals in a row an address has had. */
export async function readSoftBounces(pool: pg.Pool, key: string, email: string): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    'select count from waitlist.soft_bounces where email_hash = $1',
    [suppressionHash(key, email)],
  );
  return rows[0]?.count ?? 0;
}

/** An entry as staff see it in the list (a viewer's search by its address), or undefined. */
export async function staffViewOf(
  system: WaitlistApi,
  email: string,
): Promise<{ id: number; email: string; suppressed: string | null; [field: string]: unknown } | undefined> {
  const list = await system.api.request(`/api/admin/waitlist/entries?q=${encodeURIComponent(email)}`, {
    token: await system.staff.sign('viewer'),
  });
  return list.body.items.find((item: { email: string }) => item.email === email);
}

/** A mail nobody asked for just now (as a welcome or an invitation is), through the worker's own sender. */
export function sendUnasked(worker: WorkerHarness, email: string): Promise<unknown> {
  return worker.worker.sender.send({
    to: email,
    subject: 'Welcome',
    text: 'hello',
    html: '<p>hello</p>',
    headers: {},
    reference: 'test',
    devLink: '',
  });
}
