import { mailLinks, pagesUrl } from '@mmdm/contracts/web-paths';
import type { Logger } from '@mmdm/shared/logger';
import type { Job } from 'bullmq';
import type pg from 'pg';
import { createAdminAlertMailSender, findAdminAlertMail } from './admin-alert-mail.js';
import { createContactMailSender } from './contact-mail.js';
import { createDataAccessMailSender } from './data-access-mail.js';
import { createLaunchMailSender } from './launch-mail.js';
import { createLinkedMailSender } from './linked-mail.js';
import type { MailSender } from './mail-transport.js';
import type { MailJob } from './mail.queue.js';
import type { MailSite } from './templates/mail-templates.js';
import { claimForSending, findContactMail, findSendCandidate, releaseClaim } from './outbox.repository.js';

export interface MailConsumerDeps {
  pool: pg.Pool;
  sender: MailSender;
  logger: Logger;
  /** The sender as every mail's footer shows it; its publicUrl is the base of every link. */
  site: MailSite;
  confirmTokenTtlHours: number;
  /** The entry's place in line, for the welcome mail (the places module's, wired in by the worker). */
  placeOf: (entryId: string) => Promise<number | null>;
  /** The staff panel's admins' addresses, for the admin alerts (the auth service's internal endpoint). */
  adminAddresses?: () => Promise<string[]>;
}

/**
 * How long a job's claim on its outbox row lasts: longer than one send can take (the SMTP pool's 10 s connection and
 * 30 s socket time-outs), so a claim never lapses under a send in progress. A worker killed mid-send leaves its claim
 * to lapse; BullMQ gives the job back one to two job locks later and the retry's back-off covers the rest.
 */
export const SEND_CLAIM_SECONDS = 60;

/** Another job holds the row's claim: this one is retried with the queue's back-off and will find the row sent. */
export class RowBeingSentError extends Error {
  constructor(outboxId: string) {
    super(`outbox row ${outboxId} is being sent by another job`);
    this.name = 'RowBeingSentError';
  }
}

/**
 * Sends one confirmation mail per outbox row. Idempotent: a row already sent, erased, or whose entry is no longer
 * pending (confirmed, unsubscribed) is skipped, so a job delivered twice sends once.
 */
export function createMailProcessor({
  pool,
  sender,
  logger,
  site,
  confirmTokenTtlHours,
  placeOf,
  adminAddresses = () => Promise.reject(new Error('no source of admin addresses')),
}: MailConsumerDeps) {
  const { publicUrl } = site;
  const sendLaunchMail = createLaunchMailSender({ pool, sender, site, confirmTokenTtlHours, placeOf });
  const sendDataAccessMail = createDataAccessMailSender({ pool, sender, site });
  const sendLinkedMail = createLinkedMailSender({ pool, sender, site });
  const sendContactMail = createContactMailSender({ pool, sender, site });
  const sendAdminAlert = createAdminAlertMailSender({ pool, sender, site, adminAddresses });
  const send = async (job: Job<MailJob>, log: Logger): Promise<'sent' | 'skipped'> => {
    const { outboxId } = job.data;
    const candidate = await findSendCandidate(pool, outboxId);
    // No entry behind the row: a contact message's mail (asked for only then, so entries' mails cost one query).
    if (!candidate) {
      const contact = await findContactMail(pool, outboxId);
      if (contact) return sendContactMail(contact, log);
      const alert = await findAdminAlertMail(pool, outboxId);
      if (alert) return sendAdminAlert(alert, log);
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
      link: {
        purpose: 'confirm',
        ttlHours: confirmTokenTtlHours,
        url: (raw) => mailLinks.confirm(pagesUrl(publicUrl, candidate.language), raw),
      },
      props: (confirmUrl) => ({ confirmUrl }),
      // Confirmation rows are queued by the person (sign-up, their resend); staff resends refuse suppressed ones.
      askedAt: candidate.queuedAt,
    });
  };
  // Two jobs for one row exist when Redis lost its data or the database was restored (the relay queues the owed rows
  // again, while a job of before may still be running): the claim lets one of them send, and sent_at stops the other.
  return async (job: Job<MailJob>): Promise<'sent' | 'skipped'> => {
    const { outboxId, requestId } = job.data;
    const log = logger.child({ reqId: requestId, outboxId, jobId: job.id, attempt: job.attemptsMade + 1 });
    // The job as Redis made it: its retries share the id and the time, a twin queued after a loss has another time.
    const claim = await claimForSending(pool, outboxId, `${job.id}@${job.timestamp}`, SEND_CLAIM_SECONDS);
    if (claim === 'sent' || claim === 'gone') {
      log.info({ reason: claim === 'sent' ? 'already sent' : 'erased' }, 'mail skipped');
      return 'skipped';
    }
    if (claim === 'busy') {
      log.info('mail being sent by another job; this one retries later');
      throw new RowBeingSentError(outboxId);
    }
    let outcome: 'sent' | 'skipped' | undefined;
    try {
      outcome = await send(job, log);
      return outcome;
    } finally {
      // Skipped, or failed before the delivery step recorded anything: the next job need not wait out the claim.
      if (outcome !== 'sent') await releaseClaim(pool, outboxId).catch(() => undefined);
    }
  };
}
