import { mailLinks, pagesUrl } from '@mmdm/contracts/web-paths';
import type { Logger } from '@mmdm/shared/logger';
import type pg from 'pg';
import { issueToken, type TokenPurpose } from '../../lib/tokens.js';
import type { MailSender } from './mail-transport.js';
import { deliverOutboxMail } from './outbox-delivery.js';
import { insertTokens, type SendCandidate } from './outbox.repository.js';
import {
  renderMail,
  type MailSite,
  type MailTemplateName,
  type MailTemplateProps,
} from './templates/mail-templates.js';

export interface LinkedMailDeps {
  pool: pg.Pool;
  sender: MailSender;
  /** The sender as every mail's footer shows it; its publicUrl is the base of every link. */
  site: MailSite;
}

/** What one kind of mail adds to the rest, which every mail with a link shares. */
export interface LinkedMail<N extends MailTemplateName> {
  template: N;
  /** The mail's own link: its token's purpose and lifetime in hours (null: none), and the page it opens. */
  link: { purpose: TokenPurpose; ttlHours: number | null; url: (rawToken: string) => string };
  /** The template's props but the address and the unsubscribe link, given the URL of the mail's own link. */
  props: (linkUrl: string) => Omit<MailTemplateProps[N], 'email' | 'unsubscribeUrl'>;
  /** When the person asked for this mail (a sign-up, their own resend); see OutgoingMail. */
  askedAt?: Date;
}

/**
 * Makes and sends one outbox row's mail, the same for every kind: a link of its own and an unsubscribe link, their
 * tokens minted and stored only for a mail that leaves (dropped again when it does not), the RFC 8058 one-click
 * unsubscribe headers, and the outcome recorded by `deliverOutboxMail`.
 */
export function createLinkedMailSender({ pool, sender, site }: LinkedMailDeps) {
  const { publicUrl } = site;
  return async <N extends MailTemplateName>(
    candidate: SendCandidate,
    outboxId: string,
    log: Logger,
    mail: LinkedMail<N>,
  ): Promise<'sent' | 'skipped'> => {
    const link = issueToken();
    const unsubscribe = issueToken();
    const linkUrl = mail.link.url(link.raw);
    // Every template takes the address and the unsubscribe link; TypeScript cannot see that an Omit<> of a generic
    // props type plus the two omitted fields is that type again.
    const props = {
      ...mail.props(linkUrl),
      email: candidate.email,
      unsubscribeUrl: mailLinks.unsubscribePage(pagesUrl(publicUrl, candidate.language), unsubscribe.raw),
    } as MailTemplateProps[N];
    const content = await renderMail(mail.template, props, site, candidate.language);
    await insertTokens(pool, candidate.entryId, [
      { hash: link.hash, purpose: mail.link.purpose, ttlHours: mail.link.ttlHours },
      // Unsubscribe links keep working for as long as the mail sits in someone's inbox.
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
        // RFC 8058: mail providers show an unsubscribe button that POSTs to this URL.
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        reference: `outbox-${outboxId}`,
        devLink: linkUrl,
        ...(mail.askedAt === undefined ? {} : { askedAt: mail.askedAt }),
      },
    });
  };
}
