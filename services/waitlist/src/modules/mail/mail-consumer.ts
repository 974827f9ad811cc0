import { mailLinks } from '@mmdm/contracts/web-paths';
import type { Logger } from '@mmdm/shared/logger';
import type { Job } from 'bullmq';
import type pg from 'pg';
import { createContactMailSender } from './contact-mail.js';
import { createDataAccessMailSender } from './data-access-mail.js';
import { createLaunchMailSender } from './launch-mail.js';
import { createLinkedMailSender } from './linked-mail.js';
import type { MailSender } from './mail-transport.js';
import type { ConfirmationJob } from './mail.queue.js';
import type { MailSite } from './templates/mail-templates.js';
import { findContactMail, findSendCandidate } from './outbox.repository.js';

export interface MailConsumerDeps {
  pool: pg.Pool;
  sender: MailSender;
  logger: Logger;
  /** The sender as every mail's footer shows it; its publicUrl is the base of every link. */
  site: MailSite;
  confirmTokenTtlHours: number;
  /** The entry's place in line, for the welcome mail (the places module's, wired in by the worker). */
  placeOf: (entryId: string) => Promise<number | null>;
}

/**
 * Sends one confirmation mail per outbox row. Idempotent: a row already sent, erased, or whose entry is no longer
 * pending (confirmed, unsubscribed) is skipped, so a job delivered twice sends once.
 */
export function createMailProcessor({ pool, sender, logger, site, confirmTokenTtlHours, placeOf }: MailConsumerDeps) {
  const { publicUrl } = site;
  const sendLaunchMail = createLaunchMailSender({ pool, sender, site, confirmTokenTtlHours, placeOf });
  const sendDataAccessMail = createDataAccessMailSender({ pool, sender, site });
  const sendLinkedMail = createLinkedMailSender({ pool, sender, site });
  const sendContactMail = createContactMailSender({ pool, sender, site });
  return async (job: Job<ConfirmationJob>): Promise<'sent' | 'skipped'> => {
    const { outboxId, requestId } = job.data;
    const log = logger.child({ reqId: requestId, outboxId, jobId: job.id, attempt: job.attemptsMade + 1 });
    const candidate = await findSendCandidate(pool, outboxId);
    // No entry behind the row: a contact message's mail (asked for only then, so entries' mails cost one query).
    if (!candidate) {
      const contact = await findContactMail(pool, outboxId);
      if (contact) return sendContactMail(contact, log);
    }
    if (candidate?.kind === 'data_access') return sendDataAccessMail(candidate, job, log);
    // Welcome and invitation mails (places in line, waves): their own rules and templates.
    if (candidate && candidate.kind !== 'confirmation') return sendLaunchMail(candidate, job, log);
    if (!candidate || candidate.sentAt || candidate.status !== 'pending') {
      log.info(
        { reason: !candidate ? 'erased' : candidate.sentAt ? 'already sent' : candidate.status },
        'confirmation mail skipped',
      );
      return 'skipped';
    }

    return sendLinkedMail(candidate, outboxId, log, {
      template: 'confirmation',
      link: { purpose: 'confirm', ttlHours: confirmTokenTtlHours, url: (raw) => mailLinks.confirm(publicUrl, raw) },
      props: (confirmUrl) => ({ confirmUrl }),
      // Confirmation rows are queued by the person (sign-up, their resend); staff resends refuse suppressed ones.
      askedAt: candidate.queuedAt,
    });
  };
}
