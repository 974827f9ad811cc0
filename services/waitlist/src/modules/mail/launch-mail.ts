import { mailLinks } from '@mmdm/contracts/web-paths';
import type { Logger } from '@mmdm/shared/logger';
import type { Job } from 'bullmq';
import type pg from 'pg';
import { issueToken, type IssuedToken, type TokenPurpose } from '../../lib/tokens.js';
import type { MailSender } from './mail-transport.js';
import type { ConfirmationJob } from './mail.queue.js';
import { deliverOutboxMail } from './outbox-delivery.js';
import { insertTokens, referralCodeOf, type SendCandidate } from './outbox.repository.js';
import { renderMail, type MailSite, type RenderedMail } from './templates/mail-templates.js';

export interface LaunchMailDeps {
  pool: pg.Pool;
  sender: MailSender;
  site: MailSite;
  confirmTokenTtlHours: number;
  placeOf: (entryId: string) => Promise<number | null>;
}

/** Which entries a kind of mail is still for: a person who withdrew, or moved on, gets nothing more. */
const STILL_FOR: Record<string, readonly string[]> = {
  welcome: ['confirmed', 'invited', 'admitted'],
  invitation: ['invited'],
};

/**
 * Sends the welcome and invitation mails, with the confirmation mail's guarantees: skips rows already sent or no
 * longer meant for their entry (so a job delivered twice sends once), mints the links' tokens only for a mail that
 * leaves, retries with back-off, gives up on a permanent refusal.
 */
export function createLaunchMailSender({ pool, sender, site, confirmTokenTtlHours, placeOf }: LaunchMailDeps) {
  const { publicUrl } = site;
  return async (candidate: SendCandidate, job: Job<ConfirmationJob>, log: Logger): Promise<'sent' | 'skipped'> => {
    const { outboxId } = job.data;
    if (candidate.sentAt || !STILL_FOR[candidate.kind]?.includes(candidate.status)) {
      log.info({ kind: candidate.kind, reason: candidate.sentAt ? 'already sent' : candidate.status }, 'mail skipped');
      return 'skipped';
    }
    const unsubscribe = issueToken();
    let link: IssuedToken;
    let purpose: TokenPurpose;
    let content: RenderedMail;
    if (candidate.kind === 'welcome') {
      // A fresh confirmation link: reading it shows the place and never confirms anything again.
      link = issueToken();
      purpose = 'confirm';
      const [code, place] = await Promise.all([referralCodeOf(pool, candidate.entryId), placeOf(candidate.entryId)]);
      if (!code || place === null) {
        // Invited, admitted or rejected before the welcome left: the place it would announce no longer exists.
        log.info({ kind: candidate.kind, reason: 'no place' }, 'mail skipped');
        return 'skipped';
      }
      content = await renderMail(
        'welcome',
        {
          email: candidate.email,
          place,
          referralCode: code,
          shareUrl: mailLinks.share(publicUrl, code),
          statusUrl: mailLinks.confirm(publicUrl, link.raw),
          unsubscribeUrl: mailLinks.unsubscribePage(publicUrl, unsubscribe.raw),
        },
        site,
      );
    } else {
      link = issueToken();
      purpose = 'invite';
      content = await renderMail(
        'invitation',
        {
          email: candidate.email,
          city: candidate.city ?? null,
          inviteUrl: mailLinks.invitation(publicUrl, link.raw),
          unsubscribeUrl: mailLinks.unsubscribePage(publicUrl, unsubscribe.raw),
        },
        site,
      );
    }
    await insertTokens(pool, candidate.entryId, [
      // A welcome's confirm token outlives its TTL for reading the place (status ignores expiry once confirmed).
      { hash: link.hash, purpose, ttlHours: purpose === 'confirm' ? confirmTokenTtlHours : null },
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
        devLink:
          purpose === 'invite' ? mailLinks.invitation(publicUrl, link.raw) : mailLinks.confirm(publicUrl, link.raw),
      },
    });
  };
}
