import { useEffect, useState } from 'react';
import { Icon } from '../../../components/ui/icon.js';
import type { IconName } from '../../../components/ui/icons.js';
import { i18n } from '../../../lib/i18n/i18n.js';
import { shareLinks, type ShareMessage } from '../lib/share-links.js';
import { CopyButton } from './copy-button.js';

const LINK_ICONS: Record<string, IconName> = { WhatsApp: 'chat', SMS: 'phone', 'E-mail': 'mail', X: 'x' };

/**
 * What a person says when sharing, in their page's language (their friends most likely read it too), in their own
 * voice to a friend: informal in every language (du, tú, tu), where the pages themselves address French and
 * Portuguese readers formally. While in line, that joining with the link moves both along; once invited or let in,
 * only the invitation to join (friends no longer move them).
 */
export function shareMessage(shareUrl: string, inLine: boolean): ShareMessage {
  return {
    subject: i18n._({ id: 'web.place.share.subject', message: 'Join me on the Meet Match Date Marry waitlist' }),
    text: inLine
      ? i18n._({
          id: 'web.place.share.text.inLine',
          message:
            'I joined the Meet Match Date Marry waitlist, a dating and friendships app launching soon. Join with my link and confirm your address: it moves me up the line.',
        })
      : i18n._({
          id: 'web.place.share.text.done',
          message:
            'I’m on Meet Match Date Marry, a dating and friendships app launching soon. Join the waitlist with my link:',
        }),
    url: shareUrl,
  };
}

/** A link's visible name: the apps' and X's names are theirs in every language; "E-mail" is a word. */
function linkName(name: string): string {
  return name === 'E-mail' ? i18n._({ id: 'web.place.share.email', message: 'E-mail' }) : name;
}

/**
 * Ways to pass the share link on: the device's own share sheet where it has one (phones, most desktops but Linux),
 * plain links to WhatsApp, SMS, e-mail and X with the message filled in, and copying the link.
 */
export function SharePanel({ shareUrl, inLine }: { shareUrl: string; inLine: boolean }) {
  const message = shareMessage(shareUrl, inLine);
  // Known only in the browser: the pre-rendered page and browsers without a share sheet show the links alone.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);

  async function share() {
    try {
      await navigator.share({ title: message.subject, text: message.text, url: message.url });
    } catch {
      // Closing the sheet rejects with AbortError: nothing to say, the links below remain.
    }
  }

  return (
    <div className="share-panel">
      {canShare ? (
        <button type="button" className="button button--primary button--small" onClick={() => void share()}>
          <Icon name="userPlus" size={18} />
          {i18n._({ id: 'web.place.share.native', message: 'Share my link' })}
        </button>
      ) : null}
      <ul className="share-panel__links" aria-label={i18n._({ id: 'web.place.share.with', message: 'Share with' })}>
        {shareLinks(message).map((link) => (
          <li key={link.name}>
            <a
              className="button button--ghost button--small"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name={LINK_ICONS[link.name] ?? 'arrowRight'} size={18} />
              {linkName(link.name)}
            </a>
          </li>
        ))}
      </ul>
      <CopyButton text={shareUrl} label={i18n._({ id: 'web.place.share.copy', message: 'Copy share link' })} />
    </div>
  );
}
