import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { MailKind } from './outbox.repository.js';

// The queue carries every kind of mail; its name stays as first deployed, as jobs already queued live under it.
export const MAIL_QUEUE = 'confirmation-mail';

/** One outbox row to send, whatever its kind. */
export interface MailJob {
  outboxId: string;
  /** The sign-up's request id: the worker's log lines join the API's. */
  requestId: string | null;
  /** The row's kind, for the worker's log lines; absent on a job relayed before the relay carried it. */
  kind?: MailKind;
}

/** BullMQ keys live under the deployment's prefix, like every other key. */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}:bull`;
}

/** Deterministic: relaying the same outbox row twice adds one job. */
export function jobIdFor(outboxId: string): string {
  return `outbox-${outboxId}`;
}

export function mailJobOptions(attempts: number, backoffMs: number): JobsOptions {
  return {
    attempts,
    backoff: { type: 'exponential', delay: backoffMs },
    // Completed jobs are only a dedupe window; failed ones stay for inspection.
    removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
    removeOnFail: false,
  };
}

export function createMailQueue(connection: Redis, redisPrefix: string): Queue<MailJob> {
  return new Queue<MailJob>(MAIL_QUEUE, { connection, prefix: bullPrefix(redisPrefix) });
}
