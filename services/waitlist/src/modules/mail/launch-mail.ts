import { mailLinks, pagesUrl } from '@mmdm/contracts/web-paths';
import type { Logger } from '@mmdm/shared/logger';
import type { Job } from 'bullmq';
import { createLinkedMailSender, type LinkedMailDeps } from './linked-mail.js';
import type { MailJob } from './mail.queue.js';
import { creditsOf, referralCodeOf, type SendCandidate } from './outbox.repository.js';

export interface LaunchMailDeps extends LinkedMailDeps {
  confirmTokenTtlHours: number;
  placeOf: (entryId: string) => Promise<number | null>;
}

/** Which entries a kind of mail is still for: a person who withdrew, or moved on, gets nothing more. */
const STILL_FOR: Record<string, readonly string[]> = {
  welcome: ['confirmed', 'invited', 'admitted'],
  place_link: ['confirmed', 'invited', 'admitted'],
  // "You moved up" is for people in line: invited or admitted since, they have no place to move.
  friend_joined: ['confirmed'],
  invitation: ['invited'],
};

/**
 * Sends the welcome, place-link, friend-joined and invitation mails, with the confirmation mail's guarantees: skips rows already sent or no
 * longer meant for their entry (so a job delivered twice sends once), mints the links' tokens only for a mail that
 * leaves, retries with back-off, gives up on a permanent refusal.
 */
export function createLaunchMailSender({ confirmTokenTtlHours, placeOf, ...deps }: LaunchMailDeps) {
  const { publicUrl } = deps.site;
  const sendLinkedMail = createLinkedMailSender(deps);
  return async (candidate: SendCandidate, job: Job<MailJob>, log: Logger): Promise<'sent' | 'skipped'> => {
    const { outboxId } = job.data;
    // The pages its links open, in the entry's language.
    const pages = pagesUrl(publicUrl, candidate.language);
    if (candidate.sentAt || !STILL_FOR[candidate.kind]?.includes(candidate.status)) {
      log.info({ kind: candidate.kind, reason: candidate.sentAt ? 'already sent' : candidate.status }, 'mail skipped');
      return 'skipped';
    }
    if (candidate.kind === 'friend_joined') {
      const [code, place, friends] = await Promise.all([
        referralCodeOf(deps.pool, candidate.entryId),
        placeOf(candidate.entryId),
        creditsOf(deps.pool, candidate.entryId),
      ]);
      // Held for review or the credit taken back since: no place, or no friend, to announce.
      if (!code || place === null || friends === 0) {
        log.info({ kind: candidate.kind, reason: 'no place' }, 'mail skipped');
        return 'skipped';
      }
      return sendLinkedMail(candidate, outboxId, log, {
        template: 'friend-joined',
        link: { purpose: 'confirm', ttlHours: confirmTokenTtlHours, url: (raw) => mailLinks.confirm(pages, raw) },
        props: (statusUrl) => ({ place, friends, shareUrl: mailLinks.share(pages, code), statusUrl }),
      });
    }
    if (candidate.kind === 'welcome') {
      const [code, place] = await Promise.all([
        referralCodeOf(deps.pool, candidate.entryId),
        placeOf(candidate.entryId),
      ]);
      if (!code || place === null) {
        // Invited, admitted or rejected before the welcome left: the place it would announce no longer exists.
        log.info({ kind: candidate.kind, reason: 'no place' }, 'mail skipped');
        return 'skipped';
      }
      return sendLinkedMail(candidate, outboxId, log, {
        template: 'welcome',
        // A fresh confirmation link: reading it shows the place and never confirms anything again. Its token
        // outlives its TTL for reading the place (status ignores expiry once confirmed).
        link: { purpose: 'confirm', ttlHours: confirmTokenTtlHours, url: (raw) => mailLinks.confirm(pages, raw) },
        props: (statusUrl) => ({ place, referralCode: code, shareUrl: mailLinks.share(pages, code), statusUrl }),
      });
    }
    if (candidate.kind === 'place_link') {
      const [code, place] = await Promise.all([
        referralCodeOf(deps.pool, candidate.entryId),
        placeOf(candidate.entryId),
      ]);
      if (!code) {
        log.info({ kind: candidate.kind, reason: 'no code' }, 'mail skipped');
        return 'skipped';
      }
      // No askedAt: the sign-up that queued it may have been typed by anyone, so a suppression (an unsubscribe, a
      // complaint, a hard bounce) holds. Only a new confirmation mail, which needs the owner's click, lifts one.
      return sendLinkedMail(candidate, outboxId, log, {
        template: 'place-link',
        link: { purpose: 'confirm', ttlHours: confirmTokenTtlHours, url: (raw) => mailLinks.confirm(pages, raw) },
        props: (statusUrl) => ({ place, referralCode: code, shareUrl: mailLinks.share(pages, code), statusUrl }),
      });
    }
    return sendLinkedMail(candidate, outboxId, log, {
      template: 'invitation',
      link: { purpose: 'invite', ttlHours: null, url: (raw) => mailLinks.invitation(pages, raw) },
      props: (inviteUrl) => ({ city: candidate.city ?? null, inviteUrl }),
    });
  };
}
