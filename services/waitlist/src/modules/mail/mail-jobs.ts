import type { Logger } from '@mmdm/shared/logger';
import type { Redis } from 'ioredis';

/**
 * Removes the queue jobs of erased outbox rows from Redis, so nothing of an erased person stays there either (a failed
 * job keeps the SMTP server's refusal, which may quote the address). BullMQ is loaded on the first erasure only: the
 * API process does not need it otherwise. A job being sent right now is locked and stays; it holds no address.
 */
export function createMailJobEraser(redis: Redis, redisPrefix: string, logger: Logger) {
  let queue: Promise<{ remove(jobId: string): Promise<number> }> | undefined;
  return async (outboxIds: string[]): Promise<void> => {
    if (!outboxIds.length) return;
    const { createMailQueue, jobIdFor } = await import('./mail.queue.js');
    queue ??= Promise.resolve(createMailQueue(redis, redisPrefix));
    const jobs = await queue;
    for (const id of outboxIds) {
      await jobs.remove(jobIdFor(id)).catch((error: unknown) => {
        logger.warn({ err: error, outboxId: id }, 'could not remove an erased entry’s mail job from the queue');
      });
    }
  };
}
