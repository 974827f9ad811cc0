import { createHash } from 'node:crypto';
import { clientKeyOf } from '@mmdm/shared/client-address';
import { AppError, UnavailableError } from '@mmdm/shared/errors';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { SIGN_IN_RETRY_AFTER_SECONDS, SIGN_IN_UNAVAILABLE } from '../../lib/revocation.js';

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

/** Redis could not be asked: sign-in is refused (fail closed, 503) rather than left unthrottled. */
export class ThrottleUnavailableError extends UnavailableError {
  constructor() {
    super(SIGN_IN_UNAVAILABLE, { retryAfterSeconds: SIGN_IN_RETRY_AFTER_SECONDS });
    this.name = 'ThrottleUnavailableError';
  }
}

/** Addresses are personal data: Redis keys carry a digest, not the address itself. */
const accountKey = (emailNormalized: string) =>
  createHash('sha256').update(emailNormalized).digest('base64url').slice(0, 32);
const addressDigest = (ip: string) => createHash('sha256').update(ip).digest('base64url').slice(0, 22);

/** How long an address the owner signed in from stays exempt from the account-wide limit. */
const KNOWN_ADDRESS_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Counts sign-in attempts in Redis and refuses an attempt before its password is checked once a limit is reached.
 * Every attempt is counted up front (one atomic increment per counter), so a burst of parallel guesses cannot slip
 * past a read-then-write check; a successful attempt is then refunded, so only failures use up the limits. Counters
 * are taken in order and the first refusal stops the count: a blocked address does not also wear down the account's
 * hourly limit for its owner. A success clears only the account+address counter, so an attacker cannot reset the
 * wider counters by signing in to an account of their own.
 * https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html#protect-against-automated-attacks
 */
export function createLoginThrottle(redis: Redis, prefix: string, limits: LoginThrottleLimits) {
  const limiter = (name: string, limit: ThrottleLimit) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:auth:login-attempts:${name}`,
      points: limit.maxFails,
      duration: limit.windowSeconds,
      rejectIfRedisNotReady: true,
    });
  const byIp = limiter('ip', limits.ip);
  const byAccountIp = limiter('account-ip', limits.accountIp);
  const byAccount = limiter('account', limits.account);

  const keysFor = (address: string, emailNormalized: string) => {
    const account = accountKey(emailNormalized);
    // One client is an IPv4 address or an IPv6 /64: a host holds a whole /64 and can pick a new address per guess.
    const ip = clientKeyOf(address);
    return {
      ip,
      accountIp: `${account}:${ip}`,
      account,
      known: `${prefix}:auth:login-known:${account}:${addressDigest(ip)}`,
    };
  };

  /**
   * An address this account signed in from successfully is not held to the account-wide limit (still to the
   * per-address ones): a distributed guessing attack then cannot lock the owner out from their usual place.
   * OWASP's "device cookie" idea, keyed on the address. https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies
   */
  const isKnown = async (key: string): Promise<boolean> => {
    try {
      return (await redis.exists(key)) === 1;
    } catch {
      throw new ThrottleUnavailableError();
    }
  };

  return {
    /** Counts this attempt; answers the seconds to wait when it must be refused, undefined when it may proceed. */
    async attempt(ip: string, emailNormalized: string): Promise<number | undefined> {
      const keys = keysFor(ip, emailNormalized);
      const steps = [
        [byIp, keys.ip],
        [byAccountIp, keys.accountIp],
        ...((await isKnown(keys.known)) ? [] : ([[byAccount, keys.account]] as const)),
      ] as const;
      for (const [store, key] of steps) {
        try {
          await store.consume(key, 1);
        } catch (error) {
          if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
          throw new ThrottleUnavailableError();
        }
      }
      return undefined;
    },

    /** The attempt was right: it does not count as a failure, and this address starts afresh on this account. */
    async succeeded(ip: string, emailNormalized: string): Promise<void> {
      const keys = keysFor(ip, emailNormalized);
      // A known address's attempt was not counted on the account, so there is nothing to give back there.
      const known = await isKnown(keys.known);
      try {
        await Promise.all([
          byIp.reward(keys.ip, 1),
          known ? undefined : byAccount.reward(keys.account, 1),
          byAccountIp.delete(keys.accountIp),
          redis.set(keys.known, '1', 'EX', KNOWN_ADDRESS_TTL_SECONDS),
        ]);
      } catch {
        throw new ThrottleUnavailableError();
      }
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** "Try again in 3 minutes." — what a person reads next to the 429. */
export function retryMessage(seconds: number): string {
  if (seconds < 60) return `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The 429 for a sign-in step (password or second factor) whose counter is spent: when to retry, in words and header. */
export function tooManyAttempts(seconds: number): AppError {
  return new AppError(
    429,
    'too_many_attempts',
    retryMessage(seconds),
    { retryAfterSeconds: seconds },
    { 'Retry-After': String(seconds) },
  );
}
