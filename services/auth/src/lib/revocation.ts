import type { Redis } from 'ioredis';
import { RevocationUnavailableError, revocationKeys, STAFF_TOKEN } from '@mmdm/shared/tokens';

/**
 * The session state outlives every token issued under it: after the longest token lifetime (and some clock slack)
 * with nothing issued, no token of the account is alive, and generation 0 again is as good as any.
 */
const SESSION_STATE_TTL_SECONDS = STAFF_TOKEN.maxLifetimeSeconds + 300;

/** Answers the current generation and keeps the state alive as long as the token about to be issued. */
const CURRENT_GENERATION = `
local value = redis.call('GET', KEYS[1])
if not value then return 0 end
redis.call('EXPIRE', KEYS[1], ARGV[1])
return tonumber(string.match(value, '^%d+'))`;

/** Raises the generation by one, keeping at most the one jti given; answers the new generation. */
const NEXT_GENERATION = `
local value = redis.call('GET', KEYS[1])
local generation = (value and tonumber(string.match(value, '^%d+')) or 0) + 1
local state = tostring(generation)
if ARGV[2] ~= '' then state = state .. ' ' .. ARGV[2] end
redis.call('SET', KEYS[1], state, 'EX', ARGV[1])
return generation`;

/** Writes to the revocation store that every verifier (here and in the waitlist service) reads. */
export function createRevocation(redis: Redis, prefix: string) {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      throw new RevocationUnavailableError();
    }
  };
  const ttl = String(SESSION_STATE_TTL_SECONDS);
  return {
    /** The token stays refused until it would have expired anyway. */
    revokeToken: (jti: string, exp: number) =>
      guard(async () => {
        const seconds = Math.max(1, exp - Math.floor(Date.now() / 1000) + 60);
        await redis.set(revocationKeys.token(prefix, jti), '1', 'EX', seconds);
      }),

    /** The generation a token issued now carries. */
    currentGeneration: (sub: string) =>
      guard(async () => Number(await redis.eval(CURRENT_GENERATION, 1, revocationKeys.sessions(prefix, sub), ttl))),

    /**
     * Ends every session of the account issued so far, whatever its `iat`, except the one whose jti is kept (the
     * session changing the password goes on). Sessions issued afterwards carry the new generation and live.
     */
    endSessions: (sub: string, keepJti?: string) =>
      guard(async () => {
        await redis.eval(NEXT_GENERATION, 1, revocationKeys.sessions(prefix, sub), ttl, keepJti ?? '');
      }),
  };
}

export type Revocation = ReturnType<typeof createRevocation>;
