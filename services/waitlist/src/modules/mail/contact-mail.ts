import { mailLinks } from '@mmdm/contracts/web-paths';
import type { Logger } from '@mmdm/shared/logger';
import type pg from 'pg';
import type { MailSender } from './mail-transport.js';
import { deliverOutboxMail } from './outbox-delivery.js';
import type { ContactMailCandidate } from './outbox.repository.js';
import { renderMail, type MailSite } from './templates/mail-templates.js';

export interface ContactMailDeps {
  pool: pg.Pool;
  sender: MailSender;
  /** Its supportEmail receives the mail; its publicUrl is the base of the link to the staff panel. */
  site: MailSite;
}

/**
 * A visitor's contact message, to SUPPORT_EMAIL with the visitor as Reply-To (answering is replying). No link to
 * mint and no unsubscribe header: the mail goes to our own desk. The outcome is recorded as every outbox mail's is
 * (sent, retried with back-off, given up); a row already sent is skipped, so a job delivered twice sends once.
 */
export function createContactMailSender({ pool, sender, site }: ContactMailDeps) {
  return async (candidate: ContactMailCandidate, log: Logger): Promise<'sent' | 'skipped'> => {
    if (candidate.sentAt) {
      log.info({ kind: 'contact', reason: 'already sent' }, 'mail skipped');
      return 'skipped';
    }
    const messageUrl = mailLinks.staffMessage(site.publicUrl, candidate.messageId);
    const content = await renderMail(
      'contact',
      {
        name: candidate.name,
        email: candidate.email,
        message: candidate.message,
        receivedAt: candidate.receivedAt,
        messageUrl,
      },
      site,
    );
    return deliverOutboxMail({
      pool,
      sender,
      log,
      outboxId: candidate.outboxId,
      kind: 'contact',
      tokenHashes: [],
      mail: {
        to: site.supportEmail,
        ...content,
        headers: {},
        replyTo: { name: candidate.name, address: candidate.email },
        reference: `outbox-${candidate.outboxId}`,
        devLink: messageUrl,
      },
    });
  };
}
