import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { i18n } from '../../lib/i18n/i18n.js';
import { richText } from '../../lib/i18n/rich-text.js';
import { localizedPath, usePageLanguage } from '../../lib/i18n/page-language.js';
import { Icon } from './icon.js';

/** The stores' pages once the apps are out (APP_STORE_URL, PLAY_STORE_URL); null while they are not. */
export interface StoreLinks {
  appStore: string | null;
  playStore: string | null;
}

/** A badge: to a store's page when given one, else to the waitlist in the page's language (as required). */
function Badge({ href, children }: { href: string | null | undefined; children: ReactNode }) {
  const language = usePageLanguage();
  if (href === undefined) {
    return (
      <Link to={localizedPath(paths.waitlist, language)} className="store-badge">
        {children}
      </Link>
    );
  }
  if (href === null) return null;
  return (
    <a href={href} className="store-badge" target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * A badge's two lines, small then bold, in the page's language. The visible words are the link's name (WCAG 2.5.3);
 * the space between the lines keeps the last word of one and the first of the other apart in that name.
 */
function BadgeText({ text }: { text: string }) {
  return (
    <span className="store-badge__text">
      {richText(text, { 0: (line) => <small>{line}</small>, 1: (name) => <strong>{name}</strong> })}
    </span>
  );
}

/**
 * The app-store badges, drawn by us (an icon and text, no artwork with words in it), so they say what the stores'
 * own localized badges say: "Laden im App Store", "Disponible sur Google Play"… The store names stay as they are.
 * Without `stores` (the public site) both lead to the waitlist; with them (an invitation) each leads to its store,
 * and a store without a link shows no badge.
 */
export function StoreBadges({ className, stores }: { className?: string; stores?: StoreLinks }) {
  return (
    <ul
      className={className ? `store-badges ${className}` : 'store-badges'}
      aria-label={i18n._({ id: 'web.storeBadges.label', message: 'Get the app' })}
    >
      {stores?.appStore === null ? null : (
        <li>
          <Badge href={stores?.appStore}>
            <Icon name="apple" size={28} />
            <BadgeText
              text={i18n._({ id: 'web.storeBadges.appStore', message: '<0>Download on the</0> <1>App Store</1>' })}
            />
          </Badge>
        </li>
      )}
      {stores?.playStore === null ? null : (
        <li>
          <Badge href={stores?.playStore}>
            <Icon name="googlePlay" size={28} />
            <BadgeText
              text={i18n._({ id: 'web.storeBadges.googlePlay', message: '<0>Get it on</0> <1>Google Play</1>' })}
            />
          </Badge>
        </li>
      )}
    </ul>
  );
}
