import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { createPool } from '@mmdm/shared/db';
import { createLogger } from '@mmdm/shared/logger';
import { migrate } from '@mmdm/shared/migrate';
import { createRedis, waitForRedis } from '@mmdm/shared/redis';
import {
  captureLogs,
  createTestDatabase,
  databaseEnvFor,
  expectAnswerInDocument,
  request,
  type Answer,
  type CapturedLogs,
  type RequestOptions,
  type TestDatabase,
  uniqueEmail,
} from '@mmdm/tests/support';
import { createAuthApp } from '../app.js';
import { loadAuthConfig, type AuthConfig } from '../config.js';
import { createPasswordHasher, type PasswordHasher } from '../lib/password-hasher.js';
import { createDatabaseKeyStore, createEnvKeyStore, type KeyStore } from '../modules/keys/keys.service.js';
import { MIGRATIONS_DIR } from '../migrations-dir.js';

export interface AuthRequestOptions extends RequestOptions {
  /** The client address as the gateway would state it (X-Forwarded-For); the service trusts loopback in tests. */
  ip?: string;
}

export interface AuthHarness {
  url: string;
  config: AuthConfig;
  pool: pg.Pool;
  redis: Redis;
  keys: KeyStore;
  hasher: PasswordHasher;
  logs: CapturedLogs;
  /**
   * `request` (tests/support/http.ts) against the service, with the contract check; each request comes from a
   * client address of its own unless `ip` names one.
   */
  request(path: string, options?: AuthRequestOptions): Promise<Answer>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Environment on top of the test defaults (database, Redis, prefix). */
  env?: Record<string, string>;
  /** Use this database instead of the run's shared one (tests that need an empty staff table or key table). */
  databaseUrl?: string;
  /** A database of its own, made now and dropped on close (tests that need an empty staff or key table). */
  ownDatabase?: boolean;
  /** Start even though Redis cannot be reached (tests of the fail-closed paths). */
  redisDown?: boolean;
}

/** The auth app on a random port against the run's Postgres and Redis, as the gateway would reach it. */
export async function startAuth(options: HarnessOptions = {}): Promise<AuthHarness> {
  const own = options.ownDatabase ? await freshDatabase() : undefined;
  const config = loadAuthConfig({
    ...databaseEnvFor(own?.url ?? options.databaseUrl ?? inject('databaseUrl'), inject('pgbouncerPort')),
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: inject('redisPrefix'),
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    ...options.env,
  });
  const logs = captureLogs();
  const logger = createLogger({ name: 'auth', level: config.logLevel, destination: logs.stream });
  await migrate({ databaseUrl: config.database.directUrl, dir: MIGRATIONS_DIR, schema: 'auth', logger });
  const pool = createPool({
    connectionString: config.database.url,
    applicationName: 'mmdm-auth-test',
    poolMode: config.database.poolMode,
  });
  const redis = createRedis(config.redis, 'producer');
  if (!options.redisDown) await waitForRedis(redis, 5000);
  const keys = config.tokens.envKey
    ? await createEnvKeyStore(config.tokens.envKey.privateKeyPem, config.tokens.envKey.kid)
    : createDatabaseKeyStore(pool);
  const hasher = await createPasswordHasher();
  const app = createAuthApp({ config, logger, pool, redis, keys, hasher });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    config,
    pool,
    redis,
    keys,
    hasher,
    logs,
    async request(path, { ip, headers, ...options } = {}) {
      const answer = await request(url, path, {
        ...options,
        headers: { 'x-forwarded-for': ip ?? randomIp(), ...headers },
      });
      // Every answer a test receives must be one the OpenAPI document describes.
      expectAnswerInDocument(options.method ?? 'GET', path, answer);
      return answer;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
      await pool.end();
      await own?.drop();
    },
  };
}

export interface UseAuthOptions extends HarnessOptions {
  /** A service of its own for each test (tests that need an empty staff table every time), not one for the file. */
  perTest?: boolean;
}

/**
 * Starts the auth service before the file's tests and closes it after them (vitest's beforeAll and afterAll, or
 * beforeEach and afterEach with `perTest`, registered where this is called), as `useWaitlistApi` does for the
 * waitlist. The harness answered is filled in when the file's first test runs.
 */
export function useAuthService(options: UseAuthOptions = {}): AuthHarness {
  const { perTest, ...harnessOptions } = options;
  const auth = {} as AuthHarness;
  const start = async () => {
    Object.assign(auth, await startAuth(harnessOptions));
  };
  const stop = async () => {
    await auth.close?.();
  };
  if (perTest) {
    beforeEach(start);
    afterEach(stop);
  } else {
    beforeAll(start);
    afterAll(stop);
  }
  return auth;
}

/** A documentation-range-like random address, so each test is its own client for the throttles. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/** The one helper for a fresh address (tests/support/unique-email.ts), here for the files that import the harness. */
export { uniqueEmail } from '@mmdm/tests/support';

export const PASSWORD = 'lantern orbit velvet quasar';

/** A staff account made directly in the database, as the CLI or an admin would. */
export async function createStaff(
  harness: AuthHarness,
  overrides: { email?: string; password?: string; role?: 'admin' | 'viewer'; disabled?: boolean } = {},
): Promise<{ id: string; email: string; password: string; role: 'admin' | 'viewer' }> {
  const email = overrides.email ?? uniqueEmail(overrides.role ?? 'viewer');
  const password = overrides.password ?? PASSWORD;
  const role = overrides.role ?? 'viewer';
  const { rows } = await harness.pool.query<{ id: string }>(
    `insert into auth.staff (email, email_normalized, password_hash, role, disabled) values ($1, lower($1), $2, $3, $4) returning id`,
    [email, await harness.hasher.hash(password), role, overrides.disabled ?? false],
  );
  return { id: (rows[0] as { id: string }).id, email, password, role };
}

/** Signs in and returns the token (fails the test if sign-in does not work). */
export async function signIn(
  harness: AuthHarness,
  account: { email: string; password: string },
  ip?: string,
): Promise<string> {
  const result = await harness.request('/api/admin/login', {
    method: 'POST',
    body: { email: account.email, password: account.password },
    ...(ip ? { ip } : {}),
  });
  if (result.status !== 200) throw new Error(`sign-in failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.token as string;
}

/** A database of its own, for tests that need an empty staff or key table. */
async function freshDatabase(): Promise<TestDatabase> {
  return createTestDatabase(inject('databaseUrl'));
}
