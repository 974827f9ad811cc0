import type { Logger } from '@mmdm/shared/logger';
import type { Registry } from '@mmdm/shared/metrics';
import { startPeriodic } from '@mmdm/shared/periodic';
import { waitForRedis } from '@mmdm/shared/redis';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { jobIdFor, mailJobOptions, type MailJob } from './mail.queue.js';
import {
  databaseNow,
  laneOf,
  lockRelayedUnsentBefore,
  lockStaleUnsent,
  lockUnrelayed,
  MAIL_LANES,
  mailEpoch,
  markRelayed,
  type UnrelayedRow,
} from './outbox.repository.js';

export interface RelaySettings {
  pool: pg.Pool;
  queue: Queue<MailJob>;
  /** The queue's own connection (the one passed to `createMailQueue`): its status says whether a hand-over can go. */
  redis: Redis;
  logger: Logger;
  intervalMs: number;
  attempts: number;
  backoffMs: number;
  batchSize?: number;
  /** How often to re-offer rows relayed long ago and still unsent (jobs lost with Redis data). */
  sweepIntervalMs?: number;
  /** How old a relayed, unsent row must be before the sweep re-offers it. */
  staleAfterSeconds?: number;
  /** How long a hand-over waits for the queue's connection to be ready before the round gives up (no row locked). */
  readyWaitMs?: number;
  /** While hand-overs keep failing, the warning is repeated at most this often. */
  warnEveryMs?: number;
  /** The queue can never hand over again (its one-time Redis set-up failed): only a restart of the process helps. */
  onQueueBroken?: (error: unknown) => void;
  /**
   * The Redis key where the relay keeps the database's mail epoch beside the queue. Its absence says Redis lost its
   * data (FLUSHALL, a restart without persistence, a new server); another epoch says the database was restored. Either
   * way the owed rows are queued again at once. Unset: no such check (the periodic sweep only).
   */
  markerKey?: string;
  /** How often the marker is read. */
  lossCheckMs?: number;
  /** The process's registry, where the relay's runs and failures are counted. */
  metrics?: Registry;
}

/** The queue's connection is not ready: nothing was locked or handed over. */
class QueueNotReadyError extends Error {
  constructor(cause: unknown) {
    super('Redis is not ready', { cause });
    this.name = 'QueueNotReadyError';
  }
}

export interface Relay {
  /** Relays one batch; resolves to how many rows were handed to the queue. */
  runOnce(): Promise<number>;
  /** Re-offers stale relayed rows once; resolves to how many were re-added (most are no-ops in BullMQ). */
  sweepOnce(): Promise<number>;
  /**
   * Compares the queue's marker with the database's mail epoch and, when they differ, queues every relayed, unsent row
   * again (emptying first a queue of another epoch); resolves to how many rows, or undefined when they agreed.
   */
  recoverOnce(): Promise<number | undefined>;
  stop(): Promise<void>;
}

/**
 * Moves outbox rows to BullMQ. Rows are locked, added with deterministic job ids, and marked relayed in one
 * transaction: if Redis is down the add fails, the transaction rolls back and the rows wait for the next tick; if we
 * crash after the add but before commit, the re-add of the same job id is a no-op.
 *
 * No transaction is opened unless the queue's connection is ready. BullMQ's first command on a queue waits for the
 * connection's first 'ready' however long that takes, offline queue or not, so an add started while Redis had never
 * been reachable held its transaction and the rows it locked until Redis appeared (the Redis-outage fault test). Bounding the add itself
 * was tried and reverted: the abandoned add later rejected with nobody listening, which stops the process. Checking
 * first abandons nothing; once connected, an add fails within the connection's command time-out.
 */
export function startRelay({
  pool,
  queue,
  redis,
  logger,
  intervalMs,
  attempts,
  backoffMs,
  batchSize = 200,
  sweepIntervalMs = 60_000,
  staleAfterSeconds = 600,
  readyWaitMs = 1000,
  warnEveryMs = 60_000,
  onQueueBroken,
  markerKey,
  lossCheckMs = 1000,
  metrics,
}: RelaySettings): Relay {
  const options = mailJobOptions(attempts, backoffMs);
  let failingSince: number | undefined;
  let lastWarning = 0;
  let stopped = false;

  // BullMQ sets up its connection once (script loading, a version check) after the first 'ready'. If that fails, the
  // queue refuses every add from then on and only a restart helps: hand it to the process, which stops with exit 1 so
  // its supervisor starts it afresh (rows wait in the outbox meanwhile). Subscribed once, both outcomes handled.
  queue.waitUntilReady().then(
    () => undefined,
    (error: unknown) => {
      if (stopped) return;
      logger.error({ err: error }, 'mail queue could not set up its Redis connection; the worker must restart');
      onQueueBroken?.(error);
    },
  );

  const handOver = async (lock: (client: pg.PoolClient) => Promise<UnrelayedRow[]>) => {
    // waitForRedis removes its listeners and timer either way; its rejection is awaited here, so never unhandled.
    await waitForRedis(redis, readyWaitMs).catch((error: unknown) => {
      throw new QueueNotReadyError(error);
    });
    return inTransaction(pool, async (client) => {
      const rows = await lock(client);
      if (rows.length === 0) return 0;
      // Same job id as before: BullMQ ignores the add while that job exists in any state.
      await queue.addBulk(
        rows.map((row) => ({
          name: row.kind,
          data: { outboxId: row.id, requestId: row.requestId, kind: row.kind },
          // BullMQ takes the lowest priority number first: a lane's number (1–3) puts a confirmation in front of a
          // backlog of welcome mails however long, under the one send rate (MAIL_SEND_RATE).
          opts: { ...options, jobId: jobIdFor(row.id), priority: MAIL_LANES.indexOf(laneOf(row.kind)) + 1 },
        })),
      );
      await markRelayed(
        client,
        rows.map((row) => row.id),
      );
      return rows.length;
    });
  };
  const runOnce = () => handOver((client) => lockUnrelayed(client, batchSize));
  const sweepOnce = () => handOver((client) => lockStaleUnsent(client, staleAfterSeconds, batchSize));
  let lastSweep = Date.now();

  const recoverOnce = async (): Promise<number | undefined> => {
    if (!markerKey) return undefined;
    await waitForRedis(redis, readyWaitMs).catch((error: unknown) => {
      throw new QueueNotReadyError(error);
    });
    const [marker, epoch, server] = await Promise.all([redis.get(markerKey), mailEpoch(pool), serverIdOf(redis)]);
    // Another server answers with the marker in place: a replica promoted by Sentinel (or a restart from the append-only
    // file). Replication is asynchronous, so the last jobs the old primary took may never have reached it: offer the
    // owed rows again, as after a loss (an add whose job survived is a no-op; the send claim stops a twin).
    const moved = knownServer !== undefined && server !== knownServer;
    if (marker === String(epoch) && !moved) {
      knownServer = server;
      return undefined;
    }
    const started = Date.now();
    // Jobs of another epoch describe a database that no longer exists: a completed or failed job would keep a new row
    // of the same id from being queued (BullMQ ignores an add whose id it holds), a waiting one names a row of before.
    if (marker !== null) await queue.obliterate({ force: true });
    // Every row relayed before now: rows relayed from here on are in the queue that Redis holds now.
    const before = await databaseNow(pool);
    let offered = 0;
    let batch: number;
    do {
      batch = await handOver((client) => lockRelayedUnsentBefore(client, before, batchSize));
      offered += batch;
    } while (batch === batchSize && !stopped);
    await redis.set(markerKey, String(epoch));
    knownServer = server;
    if (marker === String(epoch)) {
      logger.warn(
        { offered, ms: Date.now() - started },
        'another Redis server holds the mail queue (a failover or a restart): every relayed, unsent mail offered again',
      );
      return offered;
    }
    // Nothing owed (a first start, a loss between mails) is no news; owed mails queued again are.
    logger[offered > 0 || marker !== null ? 'warn' : 'info'](
      { offered, epoch, queueEpoch: marker, ms: Date.now() - started },
      marker === null
        ? 'mail queue has no epoch marker (Redis lost its data, or a first start): every relayed, unsent mail queued again'
        : 'database restored since the mail queue was filled: queue emptied, every relayed, unsent mail queued again',
    );
    return offered;
  };
  let lastLossCheck = 0;
  /** The run id of the Redis server the queue was last checked on. */
  let knownServer: string | undefined;

  const job = startPeriodic({
    name: 'outbox-relay',
    everyMs: intervalMs,
    jitter: 0.1,
    logger,
    metrics,
    firstRun: 'now',
    run: async () => {
      if (markerKey && Date.now() - lastLossCheck >= lossCheckMs) {
        await recoverOnce();
        lastLossCheck = Date.now();
      }
      let relayed: number;
      // Drain a backlog without waiting an interval between full batches.
      do relayed = await runOnce();
      while (relayed === batchSize && !stopped);
      if (Date.now() - lastSweep >= sweepIntervalMs) {
        lastSweep = Date.now();
        await sweepOnce();
      }
      if (failingSince !== undefined) logger.info({ failedForMs: Date.now() - failingSince }, 'outbox relay recovered');
      failingSince = undefined;
      lastWarning = 0;
    },
    onError: (error) => {
      // The first failure of an outage, then a reminder now and then: not one line per run.
      const now = Date.now();
      failingSince ??= now;
      if (now - lastWarning >= warnEveryMs) {
        lastWarning = now;
        const failedForMs = now - failingSince;
        if (error instanceof QueueNotReadyError)
          logger.warn(
            { err: error.cause, failedForMs },
            'outbox relay cannot hand over: Redis is not ready; rows stay in the outbox and are retried',
          );
        else logger.warn({ err: error, failedForMs }, 'outbox relay failed; rows stay in the outbox and are retried');
      }
    },
  });

  return {
    runOnce,
    sweepOnce,
    recoverOnce,
    async stop() {
      stopped = true;
      await job.stop();
    },
  };
}

/** The server's run id (INFO server): a new one after every restart, and another server's after a failover. */
async function serverIdOf(redis: Redis): Promise<string> {
  const info = await redis.info('server');
  return /^run_id:(\w+)/m.exec(info)?.[1] ?? 'unknown';
}
