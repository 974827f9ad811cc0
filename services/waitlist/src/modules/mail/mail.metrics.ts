import type { Logger } from '@mmdm/shared/logger';
import { Counter, Gauge, registerGaugesOfOneRead, type Registry } from '@mmdm/shared/metrics';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { MailJob } from './mail.queue.js';
import { MAIL_LANES, outboxBacklog, type OutboxBacklog } from './outbox.repository.js';

export interface MailMetrics {
  sent: Counter;
  retried: Counter;
  failed: Counter;
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export interface MailMetricsDeps {
  registry: Registry;
  pool: pg.Pool;
  queue: Queue<MailJob>;
  /** The queue's connection: while it is not ready BullMQ would wait for it, and the scrape with it. */
  queueRedis: Redis;
  logger: Logger;
}

/**
 * The mail pipeline seen from outside: counters moved by the worker's job events, and the outbox and queue read at
 * scrape time. A read that fails (Postgres or Redis down) reports NaN rather than an old figure; the readiness gauge
 * says why.
 */
export function createMailMetrics({ registry, pool, queue, queueRedis, logger }: MailMetricsDeps): MailMetrics {
  // One outbox read per scrape for every gauge below (the registry collects them side by side).
  let reading: Promise<OutboxBacklog | undefined> | undefined;
  const readBacklog = () =>
    (reading ??= outboxBacklog(pool)
      .catch((error: unknown) => {
        logger.debug({ err: error }, 'outbox metrics unavailable');
        return undefined;
      })
      .finally(() => (reading = undefined)));
  registerGaugesOfOneRead(
    registry,
    async () => {
      const backlog = await readBacklog();
      if (!backlog) throw new Error('outbox unreadable');
      return backlog;
    },
    () => undefined,
    [
      {
        name: 'mmdm_outbox_unrelayed_rows',
        help: 'Outbox rows not yet handed to the mail queue',
        pick: (backlog) => backlog.unrelayed,
      },
      {
        name: 'mmdm_outbox_unsent_rows',
        help: 'Confirmation mails owed: outbox rows neither sent nor given up, for entries still pending',
        pick: (backlog) => backlog.unsent,
      },
      {
        name: 'mmdm_outbox_oldest_unsent_age_seconds',
        help: 'Age of the oldest owed confirmation mail (0 when none is owed)',
        pick: (backlog) => backlog.oldestUnsentSeconds,
      },
    ],
  );
  // The same read, per lane: a spike shows as the `others` lane ageing while `first` stays at seconds.
  new Gauge({
    name: 'mmdm_mail_lane_oldest_owed_age_seconds',
    help: 'Age of the oldest mail owed in each lane (first: confirmation and data access; invitations; others)',
    labelNames: ['lane'],
    registers: [registry],
    async collect() {
      const backlog = await readBacklog();
      for (const lane of MAIL_LANES) this.set({ lane }, backlog ? backlog.oldestOwedSecondsByLane[lane] : Number.NaN);
    },
  });
  new Gauge({
    name: 'mmdm_mail_queue_jobs',
    help: 'Jobs in the confirmation-mail queue by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      try {
        if (queueRedis.status !== 'ready') throw new Error(`redis connection is ${queueRedis.status}`);
        const counts = await queue.getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
      } catch (error) {
        logger.debug({ err: error }, 'queue metrics unavailable');
        for (const state of QUEUE_STATES) this.set({ state }, Number.NaN);
      }
    },
  });
  return {
    sent: new Counter({
      name: 'mmdm_mails_sent_total',
      help: 'Confirmation mails accepted by the mail server',
      registers: [registry],
    }),
    retried: new Counter({
      name: 'mmdm_mail_retries_total',
      help: 'Failed send attempts that will be retried after a back-off',
      registers: [registry],
    }),
    failed: new Counter({
      name: 'mmdm_mails_failed_total',
      help: 'Confirmation mails given up (recipient refused permanently, or every attempt failed); kept in the failed set',
      registers: [registry],
    }),
  };
}
