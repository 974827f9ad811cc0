import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { Icon } from './icon.js';

/** The app-store badges. The apps are not out yet, so both lead to the waitlist. */
export function StoreBadges({ className }: { className?: string }) {
  return (
    <ul className={className ? `store-badges ${className}` : 'store-badges'} aria-label="Get the app">
      <li>
        <Link to={paths.waitlist} className="store-badge">
          <Icon name="apple" size={28} />
          {/* The visible words are the link's name (WCAG 2.5.3); the space keeps "the App" two words. */}
          <span className="store-badge__text">
            <small>Download on the</small> <strong>App Store</strong>
          </span>
        </Link>
      </li>
      <li>
        <Link to={paths.waitlist} className="store-badge">
          <Icon name="googlePlay" size={28} />
          <span className="store-badge__text">
            <small>Get it on</small> <strong>Google Play</strong>
          </span>
        </Link>
      </li>
    </ul>
  );
}
