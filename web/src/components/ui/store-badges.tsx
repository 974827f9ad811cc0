import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { Icon } from './icon.js';

/** The stores' pages once the apps are out (APP_STORE_URL, PLAY_STORE_URL); null while they are not. */
export interface StoreLinks {
  appStore: string | null;
  playStore: string | null;
}

/** A badge: to a store's page when given one, else to the waitlist (the public site's badges, as required). */
function Badge({ href, children }: { href: string | null | undefined; children: ReactNode }) {
  if (href === undefined) {
    return (
      <Link to={paths.waitlist} className="store-badge">
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
 * The app-store badges. Without `stores` (the public site) both lead to the waitlist; with them (an invitation) each
 * leads to its store, and a store without a link shows no badge.
 */
export function StoreBadges({ className, stores }: { className?: string; stores?: StoreLinks }) {
  return (
    <ul className={className ? `store-badges ${className}` : 'store-badges'} aria-label="Get the app">
      {stores?.appStore === null ? null : (
        <li>
          <Badge href={stores?.appStore}>
            <Icon name="apple" size={28} />
            {/* The visible words are the link's name (WCAG 2.5.3); the space keeps "the App" two words. */}
            <span className="store-badge__text">
              <small>Download on the</small> <strong>App Store</strong>
            </span>
          </Badge>
        </li>
      )}
      {stores?.playStore === null ? null : (
        <li>
          <Badge href={stores?.playStore}>
            <Icon name="googlePlay" size={28} />
            <span className="store-badge__text">
              <small>Get it on</small> <strong>Google Play</strong>
            </span>
          </Badge>
        </li>
      )}
    </ul>
  );
}
