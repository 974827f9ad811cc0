import type { Redis } from 'ioredis';
import { RevocationUnavailableError, revocationKeys, STAFF_TOKEN } from '@mmdm/shared/tokens';

/** Sets the key only when the new cut-off is later: an older cut-off must never revive tokens a newer one killed. */
const RAISE_CUTOFF = `
local current = redis.call('GET', KEYS[1])
if (not current) or tonumber(current) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
end
return 1`;

/** Writes to the revocation store that every verifier (here and in the waitlist service) reads. */
export function createRevocation(redis: Redis, prefix: string) {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      throw new RevocationUnavailableError();
    }
  };
  return {
    /** The token stays refused until it would have expired anyway. */
    revokeToken: (jti: string, exp: number) =>
      guard(async () => {
        const ttl = Math.max(1, exp - Math.floor(Date.now() / 1000) + 60);
        await redis.set(revocationKeys.token(prefix, jti), '1', 'EX', ttl);
      }),
    /** Refuses every token of the account issued at or before `cutoff` (unix seconds). */
    revokeAccountBefore: (sub: string, cutoff: number) =>
      guard(async () => {
        // After the longest token lifetime nothing issued before the cut-off is alive, so the key may go.
        const ttl = STAFF_TOKEN.maxLifetimeSeconds + 300;
        await redis.eval(RAISE_CUTOFF, 1, revocationKeys.accountBefore(prefix, sub), String(cutoff), String(ttl));
      }),
  };
}

export type Revocation = ReturnType<typeof createRevocation>;
