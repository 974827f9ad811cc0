import { useEffect, useState } from 'react';
import { Icon } from '../../../components/ui/icon.js';
import type { IconName } from '../../../components/ui/icons.js';
import { shareLinks, shareMessage } from '../lib/share-links.js';
import { CopyButton } from './copy-button.js';

const LINK_ICONS: Record<string, IconName> = { WhatsApp: 'chat', SMS: 'phone', 'E-mail': 'mail', X: 'x' };

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
          Share my link
        </button>
      ) : null}
      <ul className="share-panel__links" aria-label="Share with">
        {shareLinks(message).map((link) => (
          <li key={link.name}>
            <a
              className="button button--ghost button--small"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name={LINK_ICONS[link.name] ?? 'arrowRight'} size={18} />
              {link.name}
            </a>
          </li>
        ))}
      </ul>
      <CopyButton text={shareUrl} label="Copy share link" />
    </div>
  );
}
