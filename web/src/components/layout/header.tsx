import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { localizedPath, usePageLanguage } from '../../lib/i18n/page-language.js';
import { Icon } from '../ui/icon.js';
import { Logo } from './logo.js';
import { MobileMenu } from './mobile-menu.js';
import { mainNav } from './nav-items.js';
import { i18n } from '../../lib/i18n/i18n.js';

/** The site header: full navigation from 768px, a slide-in menu below. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const language = usePageLanguage();

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link
          to={localizedPath(paths.home, language)}
          className="site-header__logo"
          aria-label={i18n._({ id: 'web.layout.logoLabel', message: 'Meet Match Date Marry, home' })}
        >
          <Logo />
        </Link>
        <nav className="site-nav" aria-label={i18n._({ id: 'web.header.navLabel', message: 'Main' })}>
          <ul className="site-nav__list">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink to={localizedPath(item.to, language)} end className="site-nav__link">
                  {i18n._(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to={localizedPath(paths.waitlist, language)} className="button button--primary site-nav__cta">
            {i18n._({ id: 'web.nav.getStarted', message: 'Get Started' })}
          </Link>
        </nav>
        <button
          ref={menuButton}
          type="button"
          className="icon-button site-header__menu-button"
          aria-label={i18n._({ id: 'web.header.openMenu', message: 'Open menu' })}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <Icon name="menu" />
        </button>
      </div>
      <MobileMenu
        id="mobile-menu"
        open={menuOpen}
        onClose={() => {
          setMenuOpen(false);
          menuButton.current?.focus();
        }}
        onNavigate={() => setMenuOpen(false)}
      />
    </header>
  );
}
