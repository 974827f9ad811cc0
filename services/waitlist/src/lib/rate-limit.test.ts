import { createRedis, waitForRedis } from '@mmdm/shared/redis';
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClientRateLimiter, type ClientRateLimiter } from './rate-limit.js';

const SYNC_MS = 20;
const prefix = `${inject('redisPrefix')}rl${randomBytes(3).toString('hex')}`;
let redis: Redis;
const limiters: ClientRateLimiter[] = [];

beforeAll(async () => {
  redis = createRedis(inject('redisUrl'), 'producer');
  await waitForRedis(redis, 5000);
});
afterAll(async () => {
  for (const limiter of limiters) limiter.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

function limiter(points: number, client: Redis = redis, syncIntervalMs = SYNC_MS) {
  const created = createClientRateLimiter({
    redis: client,
    keyPrefix: `${prefix}:signup`,
    points,
    windowSeconds: 600,
    message: 'Too many sign-ups from your network.',
    syncIntervalMs,
  });
  limiters.push(created);
  return created;
}

async function outcome(
  limit: ClientRateLimiter,
  client: string,
): Promise<number | { status: number; retryAfter: number }> {
  try {
    await limit.consume(client);
    return 200;
  } catch (error) {
    const refused = error as { status: number; headers?: Record<string, string> };
    return { status: refused.status, retryAfter: Number(refused.headers?.['Retry-After']) };
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SYNC_MS * 5));

describe('sign-up rate limit', () => {
  it('admits exactly the budget from one address in one process, then refuses with the window left', async () => {
    const limit = limiter(3);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await outcome(limit, '198.51.100.1'));
    expect(results.slice(0, 3)).toEqual([200, 200, 200]);
    expect(results[3]).toMatchObject({ status: 429 });
    expect((results[3] as { retryAfter: number }).retryAfter).toBeGreaterThan(590);
    // Another address has its own budget.
    expect(await outcome(limit, '198.51.100.2')).toBe(200);
  });

  it('shares one budget between replicas through Redis', async () => {
    const [one, two] = [limiter(3), limiter(3)];
    const address = '198.51.100.7';
    expect(await outcome(one, address)).toBe(200);
    await settle();
    expect(await outcome(two, address)).toBe(200);
    await settle();
    expect(await outcome(one, address)).toBe(200);
    await settle();
    expect(await outcome(two, address)).toMatchObject({ status: 429 });
    expect(await outcome(one, address)).toMatchObject({ status: 429 });
    // Refused attempts are counted too (as before): a client hammering past its budget gains nothing.
    expect(Number(await redis.get(`${prefix}:signup:${address}`))).toBeGreaterThanOrEqual(3);
    expect(await redis.pttl(`${prefix}:signup:${address}`)).toBeGreaterThan(590_000);
  });

  it('holds a burst spread over two replicas to the budget plus one local share (a tenth of it)', async () => {
    // Syncs far apart: nothing a replica admits on its own reaches Redis during the burst, the worst case.
    const replicas = [limiter(10, redis, 60_000), limiter(10, redis, 60_000), limiter(10, redis, 60_000)];
    const address = '198.51.100.11';
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => outcome(replicas[i % 3]!, address)));
    const admitted = results.filter((result) => result === 200).length;
    // points + (N − 1) × floor(points / 10) = 10 + 2 × 1
    expect(admitted).toBeGreaterThanOrEqual(10);
    expect(admitted).toBeLessThanOrEqual(12);
    expect(
      results.filter((result) => result !== 200).every((result) => (result as { status: number }).status === 429),
    ).toBe(true);
  });

  it('admits exactly the budget to a burst on one process while its counts are being synced', async () => {
    // A sync every millisecond: checks in Redis keep crossing syncs of the same client's earlier attempts.
    for (let round = 0; round < 5; round++) {
      const limit = limiter(10, redis, 1);
      const address = `198.51.100.${20 + round}`;
      const results = await Promise.all(Array.from({ length: 30 }, () => outcome(limit, address)));
      expect(results.filter((result) => result === 200)).toHaveLength(10);
    }
  });

  it('decides every attempt in Redis when a tenth of the budget is less than one', async () => {
    const replicas = [limiter(5, redis, 60_000), limiter(5, redis, 60_000)];
    const address = '198.51.100.12';
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => outcome(replicas[i % 2]!, address)));
    expect(results.filter((result) => result === 200)).toHaveLength(5);
  });

  it('keeps deciding while Redis cannot be reached, and adds the counts once it is back', async () => {
    // A port that accepts nothing yet: the client keeps reconnecting, as it would during an outage.
    const port = await new Promise<number>((resolve) => {
      const probe: Server = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const away = createRedis(`redis://127.0.0.1:${port}`, 'producer');
    let back: Server | undefined;
    try {
      const limit = limiter(2, away);
      const address = '198.51.100.9';
      const started = Date.now();
      const results = [await outcome(limit, address), await outcome(limit, address), await outcome(limit, address)];
      expect(Date.now() - started).toBeLessThan(100); // nobody waits on the missing Redis
      expect(results.slice(0, 2)).toEqual([200, 200]);
      expect(results[2]).toMatchObject({ status: 429 });

      // Redis comes back on that port (a pipe to the real one): the two admitted attempts are added to the shared count.
      const real = new URL(inject('redisUrl'));
      back = createServer((socket) => {
        const upstream = connect(Number(real.port || 6379), real.hostname);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
      await new Promise<void>((resolve) => back!.listen(port, '127.0.0.1', () => resolve()));
      const key = `${prefix}:signup:${address}`;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (await redis.get(key)) === null) await settle();
      expect(Number(await redis.get(key))).toBe(2);
    } finally {
      away.disconnect();
      back?.close();
    }
  });
});
