import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface ThrottleLimit {
  maxFails: number;
  windowSeconds: number;
}

export interface LoginThrottleLimits {
  /** Failures from one address, whatever the account: stops one host spraying many accounts. */
  ip: ThrottleLimit;
  /** Failures on one account from one address: stops guessing one password without locking its owner out elsewhere. */
  accountIp: ThrottleLimit;
  /** Failures on one account from all addresses: bounds a distributed attack (OWASP: ~100 per hour). */
  account: ThrottleLimit;
}

/** Redis could not be asked: sign-in is refused (fail closed) rather than left unthrottled. */
export class ThrottleUnavailableError extends Error {
  constructor() {
    super('login throttle store unavailable');
    this.name = 'ThrottleUnavailableError';
  }
}

/** Addresses are personal data: Redis keys carry a digest, not the address itself. */
const accountKey = (emailNormalized: string) => createHash('sha256').update(emailNormalized).digest('base64url').slice(0, 32);

/**
 * Counts failed sign-ins in Redis and tells, before a password is even checked, whether this attempt must wait.
 * Successful sign-ins clear the account+address counter only, so an attacker cannot reset the wider counters by
 * signing in to an account of their own.
 * https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html#protect-against-automated-attacks
 */
export function createLoginThrottle(redis: Redis, prefix: string, limits: LoginThrottleLimits) {
  const limiter = (name: string, limit: ThrottleLimit) => ({
    limit,
    store: new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:auth:login-fails:${name}`,
      points: limit.maxFails,
      duration: limit.windowSeconds,
      rejectIfRedisNotReady: true,
    }),
  });
  const byIp = limiter('ip', limits.ip);
  const byAccountIp = limiter('account-ip', limits.accountIp);
  const byAccount = limiter('account', limits.account);

  const keysFor = (ip: string, emailNormalized: string) => {
    const account = accountKey(emailNormalized);
    return [
      [byIp, ip],
      [byAccountIp, `${account}:${ip}`],
      [byAccount, account],
    ] as const;
  };

  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      throw new ThrottleUnavailableError();
    }
  };

  return {
    /** Seconds to wait before another attempt, or undefined when this one may proceed. */
    retryAfter: (ip: string, emailNormalized: string): Promise<number | undefined> =>
      guard(async () => {
        const entries = keysFor(ip, emailNormalized);
        const states = await Promise.all(entries.map(([{ store }, key]) => store.get(key)));
        let waitMs = 0;
        entries.forEach(([{ limit }], index) => {
          const state = states[index];
          if (state && state.consumedPoints >= limit.maxFails) waitMs = Math.max(waitMs, state.msBeforeNext);
        });
        return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : undefined;
      }),

    recordFailure: (ip: string, emailNormalized: string): Promise<void> =>
      guard(async () => {
        // penalty() counts without refusing: the answer to this attempt is decided by retryAfter() beforehand.
        await Promise.all(keysFor(ip, emailNormalized).map(([{ store }, key]) => store.penalty(key, 1)));
      }),

    recordSuccess: (ip: string, emailNormalized: string): Promise<void> =>
      guard(async () => {
        await byAccountIp.store.delete(`${accountKey(emailNormalized)}:${ip}`);
      }),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** "Try again in 3 minutes." — what a person reads next to the 429. */
export function retryMessage(seconds: number): string {
  if (seconds < 60) return `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
