import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { i18n } from '../../lib/i18n/i18n.js';
import { richText } from '../../lib/i18n/rich-text.js';
import { Icon } from './icon.js';

/** The stores' pages once the apps are out (APP_STORE_URL, PLAY_STORE_URL); null while they are not. */
export interface StoreLinks {
  appStore: string | null;
  playStore: string | null;
}

/**
 * Where the badges lead. The public site: both to the waitlist page, whose path in the page's language the caller
 * gives (`localizedPath(paths.waitlist, language)`, as for its other links: importing page-language here, in a module
 * both the layout and the pages import, made the bundler split react-router into a chunk of its own, 0.8 kB gzip more
 * on every page's first load). An invitation: each to its store, and a store without a link shows no badge.
 */
type Destinations = { waitlist: string; stores?: undefined } | { stores: StoreLinks; waitlist?: undefined };

/** One badge's link: one of our pages, or a store's page (in a new tab); null: no badge. */
type Target = { page: string } | { store: string } | null;

function Badge({ target, children }: { target: Exclude<Target, null>; children: ReactNode }) {
  if ('page' in target) {
    return (
      <Link to={target.page} className="store-badge">
        {children}
      </Link>
    );
  }
  return (
    <a href={target.store} className="store-badge" target="_blank" rel="noopener noreferrer">
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
 */
export function StoreBadges({ className, ...destinations }: { className?: string } & Destinations) {
  const target = (store: keyof StoreLinks): Target => {
    if (destinations.stores === undefined) return { page: destinations.waitlist };
    const href = destinations.stores[store];
    return href === null ? null : { store: href };
  };
  const appStore = target('appStore');
  const playStore = target('playStore');
  return (
    <ul
      className={className ? `store-badges ${className}` : 'store-badges'}
      aria-label={i18n._({ id: 'web.storeBadges.label', message: 'Get the app' })}
    >
      {appStore ? (
        <li>
          <Badge target={appStore}>
            <Icon name="apple" size={28} />
            <BadgeText
              text={i18n._({ id: 'web.storeBadges.appStore', message: '<0>Download on the</0> <1>App Store</1>' })}
            />
          </Badge>
        </li>
      ) : null}
      {playStore ? (
        <li>
          <Badge target={playStore}>
            <Icon name="googlePlay" size={28} />
            <BadgeText
              text={i18n._({ id: 'web.storeBadges.googlePlay', message: '<0>Get it on</0> <1>Google Play</1>' })}
            />
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
