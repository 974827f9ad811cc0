import type { Logger } from '@mmdm/shared';
import type { Queue } from 'bullmq';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { jobIdFor, mailJobOptions, type ConfirmationJob } from './mail.queue.js';
import { lockUnrelayed, markRelayed } from './outbox.repository.js';

export interface RelaySettings {
  pool: pg.Pool;
  queue: Queue<ConfirmationJob>;
  logger: Logger;
  intervalMs: number;
  attempts: number;
  backoffMs: number;
  batchSize?: number;
}

export interface Relay {
  /** Relays one batch; resolves to how many rows were handed to the queue. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Moves outbox rows to BullMQ. Rows are locked, added with deterministic job ids, and marked relayed in one
 * transaction: if Redis is down the add fails, the transaction rolls back and the rows wait for the next tick; if we
 * crash after the add but before commit, the re-add of the same job id is a no-op.
 */
export function startRelay({ pool, queue, logger, intervalMs, attempts, backoffMs, batchSize = 200 }: RelaySettings): Relay {
  const options = mailJobOptions(attempts, backoffMs);
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const runOnce = () =>
    inTransaction(pool, async (client) => {
      const rows = await lockUnrelayed(client, batchSize);
      if (rows.length === 0) return 0;
      await queue.addBulk(
        rows.map((row) => ({
          name: 'confirmation',
          data: { outboxId: row.id, requestId: row.requestId },
          opts: { ...options, jobId: jobIdFor(row.id) },
        })),
      );
      await markRelayed(
        client,
        rows.map((row) => row.id),
      );
      return rows.length;
    });

  const tick = async () => {
    try {
      let relayed: number;
      // Drain a backlog without waiting an interval between full batches.
      do relayed = await runOnce();
      while (relayed === batchSize && !stopped);
      if (failing) logger.info('outbox relay recovered');
      failing = false;
    } catch (error) {
      // Log the first failure of an outage, not one line per tick.
      if (!failing) logger.warn({ err: error }, 'outbox relay failed; rows stay in the outbox and are retried');
      failing = true;
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), intervalMs);
  };
  running = tick();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
