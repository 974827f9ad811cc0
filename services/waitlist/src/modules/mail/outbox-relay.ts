import type { Logger } from '@mmdm/shared';
import type { Queue } from 'bullmq';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { jobIdFor, mailJobOptions, type ConfirmationJob } from './mail.queue.js';
import { lockStaleUnsent, lockUnrelayed, markRelayed, type UnrelayedRow } from './outbox.repository.js';

export interface RelaySettings {
  pool: pg.Pool;
  queue: Queue<ConfirmationJob>;
  logger: Logger;
  intervalMs: number;
  attempts: number;
  backoffMs: number;
  batchSize?: number;
  /** How often to re-offer rows relayed long ago and still unsent (jobs lost with Redis data). */
  sweepIntervalMs?: number;
  /** How old a relayed, unsent row must be before the sweep re-offers it. */
  staleAfterSeconds?: number;
}

export interface Relay {
  /** Relays one batch; resolves to how many rows were handed to the queue. */
  runOnce(): Promise<number>;
  /** Re-offers stale relayed rows once; resolves to how many were re-added (most are no-ops in BullMQ). */
  sweepOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Moves outbox rows to BullMQ. Rows are locked, added with deterministic job ids, and marked relayed in one
 * transaction: if Redis is down the add fails, the transaction rolls back and the rows wait for the next tick; if we
 * crash after the add but before commit, the re-add of the same job id is a no-op.
 */
export function startRelay({
  pool,
  queue,
  logger,
  intervalMs,
  attempts,
  backoffMs,
  batchSize = 200,
  sweepIntervalMs = 60_000,
  staleAfterSeconds = 600,
}: RelaySettings): Relay {
  const options = mailJobOptions(attempts, backoffMs);
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const handOver = (lock: (client: pg.PoolClient) => Promise<UnrelayedRow[]>) =>
    inTransaction(pool, async (client) => {
      const rows = await lock(client);
      if (rows.length === 0) return 0;
      // Same job id as before: BullMQ ignores the add while that job exists in any state.
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
  const runOnce = () => handOver((client) => lockUnrelayed(client, batchSize));
  const sweepOnce = () => handOver((client) => lockStaleUnsent(client, staleAfterSeconds, batchSize));
  let lastSweep = Date.now();

  const tick = async () => {
    try {
      let relayed: number;
      // Drain a backlog without waiting an interval between full batches.
      do relayed = await runOnce();
      while (relayed === batchSize && !stopped);
      if (Date.now() - lastSweep >= sweepIntervalMs) {
        lastSweep = Date.now();
        await sweepOnce();
      }
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
    sweepOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
