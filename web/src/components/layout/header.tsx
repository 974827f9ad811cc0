import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { Icon } from '../ui/icon.js';
import { Logo } from './logo.js';
import { MobileMenu } from './mobile-menu.js';
import { mainNav } from './nav-items.js';

/** The site header: full navigation from 768px, a slide-in menu below. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="site-header__logo" aria-label="Meet Match Date Marry, home">
          <Logo />
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="site-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to={paths.waitlist} className="button button--primary site-nav__cta">
            Get Started
          </Link>
        </nav>
        <button
          ref={menuButton}
          type="button"
          className="icon-button site-header__menu-button"
          aria-label="Open menu"
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
