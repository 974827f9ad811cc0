import { createLogger } from '@mmdm/shared/logger';
import { createRedis } from '@mmdm/shared/redis';
import { startOldRedis } from '@mmdm/tests/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntry, buildOutboxRow } from '../../testing/waitlist-factories.js';
import { createTestContext, type TestContext } from '../../testing/waitlist-harness.js';
import { createMailQueue } from './mail.queue.js';
import { startRelay } from './outbox-relay.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context?.close();
});

describe('outbox relay', () => {
  it('hands the process a queue that can never work again, so it is restarted, without locking any row', async () => {
    const oldRedis = await startOldRedis();
    const producer = createRedis(oldRedis.url, 'producer');
    const queue = createMailQueue(producer, context.prefix);
    queue.on('error', () => undefined);
    const entry = await buildEntry(context.pool, { email: 'broken@example.com' });
    const outbox = await buildOutboxRow(context.pool, entry.id);
    let broken: unknown;
    const relay = startRelay({
      pool: context.pool,
      queue,
      redis: producer,
      logger: createLogger({ name: 'relay-test', level: 'silent' }),
      intervalMs: 50,
      attempts: 3,
      backoffMs: 100,
      onQueueBroken: (error) => (broken = error),
    });
    try {
      const deadline = Date.now() + 10_000;
      while (broken === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(String(broken)).toMatch(/Redis version/);
      // Nothing was handed over or held: the row waits in the outbox for the restarted worker.
      const row = await context.pool.query('select relayed_at from waitlist.outbox where id = $1 for update nowait', [
        outbox.id,
      ]);
      expect(row.rows[0]).toEqual({ relayed_at: null });
    } finally {
      await relay.stop();
      await queue.close().catch(() => undefined);
      producer.disconnect();
      await oldRedis.close();
    }
  });
});
