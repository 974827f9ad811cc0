import type { Queryable } from '@mmdm/shared/db';
import type { Logger } from '@mmdm/shared/logger';
import type { Registry } from '@mmdm/shared/metrics';
import { startPeriodic } from '@mmdm/shared/periodic';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { parseSessionState, RevocationUnavailableError, revocationKeys, STAFF_TOKEN } from '@mmdm/shared/tokens';

/**
 * After the longest token lifetime (and some clock slack) since an account's sessions ended, no token of an earlier
 * generation is alive: its cached state may go, and a cache refill skips it.
 */
const SESSION_STATE_TTL_SECONDS = STAFF_TOKEN.maxLifetimeSeconds + 300;

/** A revoked token stays refused this long past its `exp` (the verifiers' clock tolerance, with room). */
const REVOKED_SLACK_SECONDS = 60;

/**
 * Writes a generation into the cache unless the cache already holds this one or a later one: a refill that read
 * Postgres before a concurrent change committed can never lower what that change wrote.
 */
const RAISE_GENERATION = `
local value = redis.call('GET', KEYS[1])
local cached = value and tonumber(string.match(value, '^%d+')) or -1
if cached >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
return 1`;

/** What a person reads while the store that sign-in depends on (Redis) is down: nobody signs in (fail closed). */
export const SIGN_IN_UNAVAILABLE = 'Sign-in is unavailable right now. Please try again in a minute.';
export const SIGN_IN_RETRY_AFTER_SECONDS = 30;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Revocations: Postgres holds them (auth.revoked_tokens, auth.staff_sessions), Redis caches them for every verifier
 * (here and in the waitlist service). Each change is stored in Postgres (in the caller's transaction when it gives
 * one) and then written to the cache, so a lost cache is filled again from Postgres (`restoreCache`), and a cache
 * without its `loaded` marker is never read as "nothing revoked".
 */
export function createRevocation(redis: Redis, prefix: string, pool: pg.Pool) {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RevocationUnavailableError) throw error;
      throw new RevocationUnavailableError(SIGN_IN_UNAVAILABLE, SIGN_IN_RETRY_AFTER_SECONDS);
    }
  };

  const cacheGeneration = (sub: string, generation: number, keptJti: string | null, endedAt: number) => {
    const ttl = endedAt + SESSION_STATE_TTL_SECONDS - nowSeconds();
    if (ttl <= 0) return Promise.resolve();
    const state = keptJti ? `${generation} ${keptJti}` : String(generation);
    return redis.eval(RAISE_GENERATION, 1, revocationKeys.sessions(prefix, sub), generation, state, ttl);
  };

  /** The generation the cache holds (a cache written before Postgres held generations may hold a higher one). */
  const cachedGeneration = async (sub: string) =>
    parseSessionState(await redis.get(revocationKeys.sessions(prefix, sub))).generation;

  const storedGeneration = async (db: Queryable, sub: string) => {
    const { rows } = await db.query<{ generation: number }>(
      'select generation from auth.staff_sessions where staff_id = $1',
      [sub],
    );
    return rows[0]?.generation ?? 0;
  };

  let restoring: Promise<void> | undefined;
  const restoreCacheOnce = () => {
    restoring ??= restoreCache().finally(() => (restoring = undefined));
    return restoring;
  };
  const restoreCache = async () => {
    const tokens = await pool.query<{ jti: string; exp: string }>(
      `select jti, extract(epoch from expires_at)::bigint::text as exp from auth.revoked_tokens where expires_at > now()`,
    );
    const sessions = await pool.query<{ staff_id: string; generation: number; kept_jti: string | null; ended: string }>(
      `select staff_id, generation, kept_jti, extract(epoch from ended_at)::bigint::text as ended
         from auth.staff_sessions where ended_at > now() - make_interval(secs => $1)`,
      [SESSION_STATE_TTL_SECONDS],
    );
    const now = nowSeconds();
    const batch = redis.multi();
    for (const { jti, exp } of tokens.rows) {
      batch.set(revocationKeys.token(prefix, jti), '1', 'EX', Math.max(1, Number(exp) - now));
    }
    for (const row of sessions.rows) {
      const ttl = Number(row.ended) + SESSION_STATE_TTL_SECONDS - now;
      const state = row.kept_jti ? `${row.generation} ${row.kept_jti}` : String(row.generation);
      if (ttl > 0)
        batch.eval(RAISE_GENERATION, 1, revocationKeys.sessions(prefix, row.staff_id), row.generation, state, ttl);
    }
    // Last, in the same transaction: a verifier sees the marker only with every key above in place.
    batch.set(revocationKeys.loaded(prefix), String(now));
    const results = await batch.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('revocation cache refill was discarded');
  };

  return {
    /** Signed out: the token stays refused until it would have expired anyway, whatever happens to Redis. */
    revokeToken: (jti: string, sub: string, exp: number) =>
      guard(async () => {
        const expiresAt = exp + REVOKED_SLACK_SECONDS;
        await pool.query(
          `insert into auth.revoked_tokens (jti, staff_id, expires_at) values ($1, $2, to_timestamp($3))
           on conflict (jti) do nothing`,
          [jti, sub, expiresAt],
        );
        await redis.set(revocationKeys.token(prefix, jti), '1', 'EX', Math.max(1, expiresAt - nowSeconds()));
      }),

    /** The generation a token issued now carries. */
    currentGeneration: (sub: string, db: Queryable = pool) =>
      guard(async () => Math.max(await storedGeneration(db, sub), await cachedGeneration(sub))),

    /**
     * Ends every session of the account issued so far, whatever its `iat`, except the one whose jti is kept (the
     * session changing the password goes on). Sessions issued afterwards carry the new generation and live. Given
     * a transaction, the new generation is stored in it: if the cache cannot be written, the caller's change is
     * rolled back with it.
     */
    endSessions: (sub: string, keepJti?: string, db: Queryable = pool) =>
      guard(async () => {
        const cached = await cachedGeneration(sub);
        const { rows } = await db.query<{ generation: number; ended: string }>(
          `insert into auth.staff_sessions (staff_id, generation, kept_jti) values ($1, $2::int + 1, $3)
           on conflict (staff_id) do update
              set generation = greatest(auth.staff_sessions.generation, $2::int) + 1,
                  kept_jti = excluded.kept_jti, ended_at = now()
           returning generation, extract(epoch from ended_at)::bigint::text as ended`,
          [sub, cached, keepJti ?? null],
        );
        const row = rows[0] as { generation: number; ended: string };
        await cacheGeneration(sub, row.generation, keepJti ?? null, Number(row.ended));
      }),

    /** Fills the cache from Postgres and sets its marker; concurrent calls share one refill. */
    restoreCache: () => guard(restoreCacheOnce),

    /** Fills the cache only if its marker is missing (what a verifier elsewhere asks for after a loss). */
    restoreCacheIfLost: () =>
      guard(async () => {
        if ((await redis.exists(revocationKeys.loaded(prefix))) === 0) await restoreCacheOnce();
      }),

    /** Rows of tokens that have expired are no longer needed: nothing would accept those tokens anyway. */
    purgeExpired: async (): Promise<number> => {
      const { rowCount } = await pool.query('delete from auth.revoked_tokens where expires_at < now()');
      return rowCount ?? 0;
    },
  };
}

export type Revocation = ReturnType<typeof createRevocation>;

/**
 * Every `intervalMs`: expired revocations are purged and the cache is filled again from Postgres (a write that a
 * loss of Redis raced with is back within one interval; the refill never lowers what is cached).
 */
export function startRevocationUpkeep({
  revocation,
  logger,
  intervalMs,
  metrics,
}: {
  revocation: Revocation;
  logger: Logger;
  intervalMs: number;
  metrics?: Registry;
}) {
  return startPeriodic({
    name: 'revocation-upkeep',
    everyMs: intervalMs,
    jitter: 0.1,
    logger,
    metrics,
    firstRun: 'now',
    run: async () => {
      const purged = await revocation.purgeExpired();
      await revocation.restoreCache();
      if (purged > 0) logger.info({ purged }, 'expired token revocations purged');
    },
  });
}
