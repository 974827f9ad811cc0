import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { ROLE_LABELS, isStaffRole } from '../../lib/staff-roles.js';
import './admin.css';

const MENU = [
  { to: paths.admin.root, label: 'Dashboard', end: true },
  { to: paths.admin.users, label: 'Users', end: false },
  { to: paths.admin.messages, label: 'Messages', end: false },
  { to: paths.admin.analytics, label: 'Analytics', end: false },
  { to: paths.admin.launch, label: 'Launch', end: false },
  { to: paths.admin.settings, label: 'Settings', end: false },
] as const;

const NAV_ID = 'admin-side-menu';

interface AdminLayoutProps {
  /** Who is signed in, once known. */
  account?: { email?: string; role: string };
  onSignOut: () => void;
  signingOut: boolean;
  /** Entries and credits waiting in the review queue, once known: a menu item of its own for admins, who decide. */
  reviewCount?: number;
  showReview?: boolean;
}

/** The panel's frame: header with sign-out, a side menu (a toggled drawer below 768px) and the current screen. */
export function AdminLayout({ account, onSignOut, signingOut, reviewCount, showReview = false }: AdminLayoutProps) {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="adm-root adm-shell">
      <header className="adm-header">
        <button
          type="button"
          className="adm-button adm-button--ghost adm-header__menu"
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        <p className="adm-header__title">Admin Panel</p>
        <div className="adm-header__account">
          {account?.email && (
            <span className="adm-header__who">
              {account.email}
              {isStaffRole(account.role) && <span className="adm-badge">{ROLE_LABELS[account.role]}</span>}
            </span>
          )}
          <button type="button" className="adm-button" onClick={onSignOut} disabled={signingOut}>
            {signingOut ? 'Logging out...' : 'Logout'}
          </button>
        </div>
      </header>
      <div className="adm-shell__body">
        <nav id={NAV_ID} aria-label="Admin" className={menuOpen ? 'adm-nav adm-nav--open' : 'adm-nav'}>
          <ul className="adm-nav__list">
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="adm-nav__link" onClick={() => setMenuOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {showReview && (
              <li>
                <NavLink to={paths.admin.review} className="adm-nav__link" onClick={() => setMenuOpen(false)}>
                  Review queue{' '}
                  {reviewCount !== undefined && (
                    <span className={reviewCount > 0 ? 'adm-count adm-count--waiting' : 'adm-count'}>
                      {reviewCount} <span className="adm-visually-hidden">waiting</span>
                    </span>
                  )}
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        <main className="adm-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
