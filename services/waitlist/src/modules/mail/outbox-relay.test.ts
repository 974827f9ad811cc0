import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createRedis } from '@mmdm/shared';
import { createTestContext, startApi, uniqueEmail, type ApiHarness, type TestContext } from '../../testing/waitlist-harness.js';
import { createMailQueue } from './mail.queue.js';
import { startRelay } from './outbox-relay.js';

/** A port nothing listens on: Redis that has never been reachable since the worker started. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let context: TestContext;
let api: ApiHarness;

beforeAll(async () => {
  context = await createTestContext();
  api = await startApi(context);
});
afterAll(async () => {
  await api.close();
  await context.close();
});

describe('the outbox relay while Redis has never been reachable', () => {
  it('gives up within its bound instead of holding the Postgres transaction, and keeps the rows for later', async () => {
    const email = uniqueEmail('relay');
    expect((await api.call('POST', '/waitlist', { body: { email } })).status).toBe(200);

    const redis = createRedis(`redis://127.0.0.1:${await closedPort()}/0`, 'worker');
    const queue = createMailQueue(redis, context.prefix);
    const relay = startRelay({
      pool: context.pool,
      queue,
      logger: createLogger({ name: 'relay-test', level: 'silent' }),
      intervalMs: 60_000,
      attempts: 1,
      backoffMs: 10,
      addTimeoutMs: 500,
    });
    try {
      // The relay's first tick takes the row and waits on Redis; past the bound it must roll back and let go of it,
      // or this second hand-over would find no row and resolve 0.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const started = Date.now();
      await expect(relay.runOnce()).rejects.toThrow(/did not accept/);
      expect(Date.now() - started).toBeLessThan(3000);

      const { rows } = await context.pool.query<{ relayed: boolean; locks: string }>(
        `select o.relayed_at is not null as relayed,
                (select count(*) from pg_locks l join pg_stat_activity a using (pid)
                  where a.state = 'idle in transaction' and a.datname = current_database())::text as locks
           from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
          where e.email_normalized = $1`,
        [email.toLowerCase()],
      );
      expect(rows).toEqual([{ relayed: false, locks: '0' }]);
    } finally {
      await relay.stop().catch(() => undefined);
      await queue.close().catch(() => undefined);
      redis.disconnect();
    }
  });
});
