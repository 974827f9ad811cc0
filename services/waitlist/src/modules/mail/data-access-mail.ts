import { mailLinks } from '@mmdm/contracts/web-paths';
import { DATA_LINK_TTL_MINUTES } from '@mmdm/contracts/privacy';
import type { Logger } from '@mmdm/shared/logger';
import type { Job } from 'bullmq';
import type pg from 'pg';
import { issueToken } from '../../lib/tokens.js';
import type { MailSender } from './mail-transport.js';
import type { ConfirmationJob } from './mail.queue.js';
import { deliverOutboxMail } from './outbox-delivery.js';
import { insertTokens, type SendCandidate } from './outbox.repository.js';
import { renderMail, type MailSite } from './templates/mail-templates.js';

export interface DataAccessMailDeps {
  pool: pg.Pool;
  sender: MailSender;
  site: MailSite;
}

/**
 * The "Your data" mail: a single-use link to the person's data, valid for an hour from the moment the mail is made
 * (its token is minted here, only for a mail that leaves, like every link's). Whatever the entry's status: the
 * person asked. An address on the suppression list gets nothing (the gate refuses it; asking for one's data is not
 * signing up again, so it does not lift the suppression).
 */
export function createDataAccessMailSender({ pool, sender, site }: DataAccessMailDeps) {
  const { publicUrl } = site;
  return async (candidate: SendCandidate, job: Job<ConfirmationJob>, log: Logger): Promise<'sent' | 'skipped'> => {
    const { outboxId } = job.data;
    if (candidate.sentAt) {
      log.info({ kind: candidate.kind, reason: 'already sent' }, 'mail skipped');
      return 'skipped';
    }
    const link = issueToken();
    const unsubscribe = issueToken();
    const content = await renderMail(
      'data-access',
      {
        email: candidate.email,
        dataUrl: mailLinks.yourData(publicUrl, link.raw),
        unsubscribeUrl: mailLinks.unsubscribePage(publicUrl, unsubscribe.raw),
      },
      site,
    );
    await insertTokens(pool, candidate.entryId, [
      // Whole hours are what the tokens table's writer takes; the contract's lifetime is one hour.
      { hash: link.hash, purpose: 'data_access', ttlHours: DATA_LINK_TTL_MINUTES / 60 },
      { hash: unsubscribe.hash, purpose: 'unsubscribe', ttlHours: null },
    ]);
    const oneClick = mailLinks.oneClickUnsubscribe(publicUrl, unsubscribe.raw);
    return deliverOutboxMail({
      pool,
      sender,
      log,
      outboxId,
      kind: candidate.kind,
      tokenHashes: [link.hash, unsubscribe.hash],
      mail: {
        to: candidate.email,
        ...content,
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        reference: `outbox-${outboxId}`,
        devLink: mailLinks.yourData(publicUrl, link.raw),
      },
    });
  };
}
