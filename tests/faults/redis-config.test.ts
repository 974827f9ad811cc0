import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@mmdm/shared/logger';
import { createRedis } from '@mmdm/shared/redis';
import { createApp } from '../../services/waitlist/src/app.js';
import { loadApiConfig } from '../../services/waitlist/src/config.js';
import { resolveServiceKeys } from '../../services/waitlist/src/lib/service-keys.js';
import { createMailQueue } from '../../services/waitlist/src/modules/mail/mail.queue.js';
import {
  createTestContext,
  eventually,
  staffKeys,
  startWorker,
  type TestContext,
} from '../../services/waitlist/src/testing/waitlist-harness.js';
import { captureLogs } from '../support/index.js';
import { request } from '../support/http.js';
import { freePort } from '../support/free-port.js';
import { RedisServer } from './support/redis-server.js';
import { uniqueEmail } from '../support/unique-email.js';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context?.close();
});

describe('Redis configuration checked at start', () => {
  it('the worker warns loudly (level error) when Redis may evict keys, and names the policy', async () => {
    const redis = await new RedisServer({ maxmemoryPolicy: 'allkeys-lru' }).start();
    const worker = await startWorker(context, { redisUrl: redis.url });
    try {
      const line = await eventually(async () =>
        worker.logs.lines().find((entry) => JSON.stringify(entry).includes('noeviction')),
      );
      expect(['error', 'fatal', 50, 60]).toContain(line.level);
      expect(JSON.stringify(line)).toContain('allkeys-lru');
    } finally {
      await worker.close();
      await redis.close();
    }
  });

  it('says nothing of the kind when the policy is noeviction', async () => {
    const redis = await new RedisServer().start();
    const worker = await startWorker(context, { redisUrl: redis.url });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(worker.logs.text()).not.toMatch(/not "noeviction"/);
    } finally {
      await worker.close();
      await redis.close();
    }
  });
});

describe('producers with Redis down', () => {
  let server: Server;
  let url: string;
  let deadRedisUrl: string;
  const keys = staffKeys();

  beforeAll(async () => {
    deadRedisUrl = `redis://127.0.0.1:${await freePort()}/0`;
    const config = loadApiConfig({
      DATABASE_URL: context.databaseUrl,
      REDIS_URL: deadRedisUrl,
      REDIS_PREFIX: context.prefix,
      TRUST_PROXY: 'loopback',
      // What this measures is Redis's absence, not the abuse defences (their own tests); test machines resolve no
      // outside name, so the domain check would refuse example.com.
      SIGNUP_CHALLENGE: 'off',
      EMAIL_DNS_CHECK: 'false',
    });
    const logger = createLogger({ name: 'waitlist', level: 'info', destination: captureLogs().stream });
    const redis = createRedis(config.redis, 'producer');
    server = createServer(
      createApp({
        config,
        keys: await resolveServiceKeys(context.pool, config.keys),
        pool: context.pool,
        redis,
        logger,
        staffKeys: (await keys).keys,
      }),
    );
    server.on('close', () => redis.disconnect());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('the API still takes sign-ups at once (in-process rate limits), refuses staff calls with 503 at once, and is not ready', async () => {
    const signup = await request(url, '/waitlist', {
      method: 'POST',
      body: { email: uniqueEmail('no-redis') },
    });
    expect(signup.status).toBe(200);
    expect(signup.ms).toBeLessThan(2000);
    const staff = await request(url, '/api/admin/waitlist/stats', {
      headers: { authorization: `Bearer ${await (await keys).sign('admin')}` },
    });
    expect(staff.status).toBe(503);
    expect(staff.ms).toBeLessThan(2000);
    const ready = await request(url, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(2000);
  });

  it('queueing a mail fails within a second instead of hanging when Redis went away (the outbox keeps the row)', async () => {
    const server = await new RedisServer().start();
    const redis = createRedis(server.url, 'producer');
    const queue = createMailQueue(redis, context.prefix);
    queue.on('error', () => undefined);
    try {
      await queue.add('confirmation', { outboxId: '0', requestId: null }, { jobId: 'outbox-0' });
      await server.stop();
      const started = performance.now();
      await expect(
        queue.add('confirmation', { outboxId: '1', requestId: null }, { jobId: 'outbox-1' }),
      ).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await queue.close().catch(() => undefined);
      redis.disconnect();
      await server.close();
    }
  });
});
