import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bullPrefix, MAIL_QUEUE } from '../../../services/waitlist/src/modules/mail/mail.queue.js';
import type { SmtpSink } from '../../support/index.js';

/** How many mails each recipient received. */
export function mailsPerRecipient(sink: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of sink.messages)
    for (const to of mail.envelope.to) counts.set(to.toLowerCase(), (counts.get(to.toLowerCase()) ?? 0) + 1);
  return counts;
}

/** The mail queue's job counts, read as an operator would (bull-board, `bullmq` CLI). */
export async function mailJobCounts(redisUrl: string, prefix: string): Promise<Record<string, number>> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(MAIL_QUEUE, { connection, prefix: bullPrefix(prefix) });
  try {
    return await queue.getJobCounts('failed', 'completed', 'active', 'wait', 'delayed', 'paused');
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
