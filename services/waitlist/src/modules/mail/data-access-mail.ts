import { mailLinks, pagesUrl } from '@mmdm/contracts/web-paths';
import { DATA_LINK_TTL_MINUTES } from '@mmdm/contracts/privacy';
import type { Logger } from '@mmdm/shared/logger';
import type { Job } from 'bullmq';
import { createLinkedMailSender, type LinkedMailDeps } from './linked-mail.js';
import type { MailJob } from './mail.queue.js';
import type { SendCandidate } from './outbox.repository.js';

export type DataAccessMailDeps = LinkedMailDeps;

/**
 * The "Your data" mail: a single-use link to the person's data, valid for an hour from the moment the mail is made
 * (its token is minted here, only for a mail that leaves, like every link's). Whatever the entry's status: the
 * person asked. An address on the suppression list gets nothing (the gate refuses it; asking for one's data is not
 * signing up again, so it does not lift the suppression).
 */
export function createDataAccessMailSender(deps: DataAccessMailDeps) {
  const { publicUrl } = deps.site;
  const sendLinkedMail = createLinkedMailSender(deps);
  return async (candidate: SendCandidate, job: Job<MailJob>, log: Logger): Promise<'sent' | 'skipped'> => {
    const { outboxId } = job.data;
    if (candidate.sentAt) {
      log.info({ kind: candidate.kind, reason: 'already sent' }, 'mail skipped');
      return 'skipped';
    }
    return sendLinkedMail(candidate, outboxId, log, {
      template: 'data-access',
      // Whole hours are what the tokens table's writer takes; the contract's lifetime is one hour.
      link: {
        purpose: 'data_access',
        ttlHours: DATA_LINK_TTL_MINUTES / 60,
        url: (raw) => mailLinks.yourData(pagesUrl(publicUrl, candidate.language), raw),
      },
      props: (dataUrl) => ({ dataUrl }),
    });
  };
}
