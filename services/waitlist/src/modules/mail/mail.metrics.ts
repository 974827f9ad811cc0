import type { Logger } from '@mmdm/shared/logger';
import { Counter, Gauge, type Registry } from '@mmdm/shared/metrics';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { ConfirmationJob } from './mail.queue.js';
import { outboxBacklog, type OutboxBacklog } from './outbox.repository.js';

export interface MailMetrics {
  sent: Counter;
  retried: Counter;
  failed: Counter;
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export interface MailMetricsDeps {
  registry: Registry;
  pool: pg.Pool;
  queue: Queue<ConfirmationJob>;
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
  // One query per scrape for the three outbox gauges: the registry collects them side by side, so they share the
  // read in flight (and so always agree with each other).
  let reading: Promise<OutboxBacklog | undefined> | undefined;
  const readBacklog = () =>
    (reading ??= outboxBacklog(pool)
      .catch((error: unknown) => {
        logger.debug({ err: error }, 'outbox metrics unavailable');
        return undefined;
      })
      .finally(() => (reading = undefined)));
  const outboxGauge = (name: string, help: string, pick: (backlog: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const backlog = await readBacklog();
        this.set(backlog ? pick(backlog) : Number.NaN);
      },
    });
  outboxGauge('mmdm_outbox_unrelayed_rows', 'Outbox rows not yet handed to the mail queue', (b) => b.unrelayed);
  outboxGauge(
    'mmdm_outbox_unsent_rows',
    'Confirmation mails owed: outbox rows neither sent nor given up, for entries still pending',
    (b) => b.unsent,
  );
  outboxGauge(
    'mmdm_outbox_oldest_unsent_age_seconds',
    'Age of the oldest owed confirmation mail (0 when none is owed)',
    (b) => b.oldestUnsentSeconds,
  );
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
