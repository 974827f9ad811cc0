import { AppError } from '@mmdm/shared/errors';
import type { Redis } from 'ioredis';

export interface RateLimitSettings {
  redis: Redis;
  /** Full Redis key prefix, e.g. `mmdm:waitlist:signup`. */
  keyPrefix: string;
  points: number;
  windowSeconds: number;
  message: string;
  /** How often this process adds its counts to Redis and reads back everyone's (ms). */
  syncIntervalMs?: number;
  /**
   * The share of a budget a process may admit on its own, before the shared count in Redis decides (rounded down:
   * with a budget under 10, every attempt is decided in Redis). It bounds the overshoot across N replicas to
   * (N − 1) × floor(points × localShare).
   */
  localShare?: number;
}

/** Counts attempts per client address against a budget that every replica shares through Redis. */
export interface ClientRateLimiter {
  /**
   * Counts one attempt by `client`; throws a 429 AppError with Retry-After when its budget is spent. Answers the
   * client's count in the window with this attempt, as this process knows it (a lower bound of the shared one).
   */
  consume(client: string): Promise<number>;
  /** The client's count in the window so far, as this process knows it (nothing counted). */
  peek(client: string): number;
  /** Stops the background sync (the counts not yet sent are dropped). */
  close(): void;
}

interface Bucket {
  /** When this client's window ends (ms since epoch); aligned with the Redis key's TTL after each sync. */
  resetAt: number;
  /** The shared count in Redis at the last sync, our own attempts included. */
  shared: number;
  /** Our attempts not yet sent to Redis. */
  pending: number;
  /**
   * Our attempts sent to Redis whose reply has not come back. Moved out of `pending` when sent: Redis runs one
   * connection's commands in order, so a check sent after them already counts them, and must not count them again.
   */
  inFlight: number;
}

/** INCRBY, start the window on the first attempt, and report the window's remaining time: one round trip per key. */
const ADD_AND_READ = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {count, redis.call('PTTL', KEYS[1])}`;

const SWEEP_EVERY_MS = 10_000;
/** Beyond this many remembered clients, those with nothing left to send are forgotten (Redis still has them). */
const MAX_BUCKETS = 100_000;

/**
 * Decides in-process for a client's first attempts (a tenth of its budget) and shares those counts in the
 * background; from then on, once a client comes near its budget, the shared count in Redis decides before the
 * answer. A household's first sign-up touches nothing but Postgres (the Redis round trip per sign-up was a tenth of
 * the service's CPU time); a client nearing its budget gets the exact shared count; a refusal never waits on Redis;
 * and during a Redis outage the local counts decide alone and are added once it is back.
 *
 * One process counts exactly. Across N replicas, each can admit at most its local share before asking Redis, and
 * Redis admits only while the shared count (which holds every share already synced) is within the budget: at most
 * points + (N − 1) × floor(points / 10) get through, and only for a client whose first attempts land on different
 * replicas within one sync interval (docs/decisions/021).
 */
export function createClientRateLimiter({
  redis,
  keyPrefix,
  points,
  windowSeconds,
  message,
  syncIntervalMs = 100,
  localShare = 0.1,
}: RateLimitSettings): ClientRateLimiter {
  const windowMs = windowSeconds * 1000;
  /** Attempts this process admits per client without asking Redis (a lower bound of the shared count decides). */
  const localAllowance = Math.floor(points * localShare);
  const buckets = new Map<string, Bucket>();
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let syncing = false;
  let lastSweep = Date.now();
  let closed = false;

  function schedule(): void {
    if (timer || closed) return;
    timer = setTimeout(() => void sync(), syncIntervalMs);
    timer.unref();
  }

  function sweep(now: number): void {
    lastSweep = now;
    for (const [client, bucket] of buckets) {
      const idle = bucket.pending === 0 && bucket.inFlight === 0;
      if (bucket.resetAt <= now || (buckets.size > MAX_BUCKETS && idle)) buckets.delete(client);
    }
  }

  async function sync(): Promise<void> {
    timer = undefined;
    if (syncing || closed) return;
    if (redis.status === 'end') return; // the client was closed for good: the process is shutting down
    const now = Date.now();
    if (now - lastSweep >= SWEEP_EVERY_MS) sweep(now);
    // While Redis is away the local counts keep deciding; they are added when it is back.
    if (dirty.size === 0 || redis.status !== 'ready') {
      if (dirty.size > 0) schedule();
      return;
    }
    syncing = true;
    const batch = [...dirty].flatMap((client) => {
      const bucket = buckets.get(client);
      return bucket && bucket.pending > 0 ? [{ client, bucket, sent: bucket.pending }] : [];
    });
    dirty.clear();
    for (const { bucket, sent } of batch) {
      bucket.pending -= sent;
      bucket.inFlight += sent;
    }
    try {
      const pipeline = redis.pipeline();
      for (const { client, sent } of batch) pipeline.eval(ADD_AND_READ, 1, `${keyPrefix}:${client}`, sent, windowMs);
      const replies = (await pipeline.exec()) ?? [];
      const answeredAt = Date.now();
      batch.forEach(({ client, bucket, sent }, index) => {
        const [error, reply] = replies[index] ?? [new Error('no reply')];
        bucket.inFlight -= sent;
        if (error || !Array.isArray(reply)) {
          bucket.pending += sent; // not counted in Redis: send it again next time
          dirty.add(client);
          return;
        }
        const [count, ttl] = reply as [number, number];
        bucket.shared = count;
        if (ttl > 0) bucket.resetAt = answeredAt + ttl;
      });
    } catch {
      for (const { client, bucket, sent } of batch) {
        bucket.inFlight -= sent;
        bucket.pending += sent;
        dirty.add(client);
      }
    } finally {
      syncing = false;
      if (dirty.size > 0) schedule();
    }
  }

  const refusal = (bucket: Bucket, now: number) =>
    new AppError(429, 'rate_limited', message, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil((bucket.resetAt - now) / 1000))),
    });

  /** Attempts past the local share are counted in Redis before the answer, so replicas cannot add up to more. */
  async function consumeInRedis(client: string, bucket: Bucket): Promise<boolean> {
    // Ours that Redis will not have counted when it runs this: those not yet sent (in-flight ones are ahead of it).
    const notInRedis = bucket.pending;
    const reply = (await redis.eval(ADD_AND_READ, 1, `${keyPrefix}:${client}`, 1, windowMs)) as [number, number];
    const [count, ttl] = reply;
    bucket.shared = count;
    if (ttl > 0) bucket.resetAt = Date.now() + ttl;
    return count + notInRedis <= points;
  }

  /** What this process knows of a client's count: a lower bound of the shared one. */
  const known = (bucket: Bucket) => bucket.shared + bucket.inFlight + bucket.pending;

  return {
    async consume(client) {
      const now = Date.now();
      let bucket = buckets.get(client);
      // A window that ended starts afresh; attempts of the old one not yet sent belonged to a key Redis has expired.
      if (!bucket || bucket.resetAt <= now) {
        bucket = { resetAt: now + windowMs, shared: 0, pending: 0, inFlight: 0 };
        buckets.set(client, bucket);
      }
      // What this process knows is a lower bound of the shared count: a refusal needs no round trip.
      if (known(bucket) >= points) throw refusal(bucket, now);
      if (known(bucket) + 1 > localAllowance && redis.status === 'ready') {
        let admitted: boolean;
        try {
          admitted = await consumeInRedis(client, bucket);
        } catch {
          admitted = true; // Redis failed mid-call: count it locally, as during an outage
          bucket.pending += 1;
          dirty.add(client);
          schedule();
        }
        if (!admitted) throw refusal(bucket, Date.now());
        return known(bucket);
      }
      bucket.pending += 1;
      dirty.add(client);
      schedule();
      return known(bucket);
    },
    peek(client) {
      const bucket = buckets.get(client);
      return bucket && bucket.resetAt > Date.now() ? known(bucket) : 0;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
