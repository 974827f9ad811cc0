import { AppError } from '@mmdm/shared';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitSettings {
  redis: Redis;
  /** Full Redis key prefix, e.g. `mmdm:waitlist:signup`. */
  keyPrefix: string;
  points: number;
  windowSeconds: number;
  message: string;
}

/**
 * Counts requests per client address in Redis so every replica shares one budget. When Redis is unreachable the
 * in-memory insurance limiter takes over (per-process counters): degraded, but nobody is refused because of our outage.
 */
export interface ClientRateLimiter {
  /** Counts one attempt by `client`; throws a 429 AppError with Retry-After when its budget is spent. */
  consume(client: string): Promise<void>;
}

export function createClientRateLimiter({
  redis,
  keyPrefix,
  points,
  windowSeconds,
  message,
}: RateLimitSettings): ClientRateLimiter {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: windowSeconds,
    // Do not wait on a reconnecting client: answer from the insurance counters at once.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${keyPrefix}:memory`, points, duration: windowSeconds }),
  });

  return {
    async consume(client) {
      try {
        await limiter.consume(client);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
          throw new AppError(429, 'rate_limited', message, undefined, { 'Retry-After': String(retryAfter) });
        }
        throw error;
      }
    },
  };
}
