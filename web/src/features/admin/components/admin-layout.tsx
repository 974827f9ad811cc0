import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths.js';
import { useLogout } from '../api/logout.js';
import { ROLE_LABELS, isStaffRole } from '../lib/roles.js';
import { useStaffSession } from '../lib/use-staff-session.js';
import './admin.css';

const MENU = [
  { to: paths.admin.root, label: 'Dashboard', end: true },
  { to: paths.admin.users, label: 'Users', end: false },
  { to: paths.admin.analytics, label: 'Analytics', end: false },
  { to: paths.admin.settings, label: 'Settings', end: false },
] as const;

const NAV_ID = 'admin-side-menu';

/** The panel's frame: header with sign-out, a side menu (a toggled drawer below 768px) and the current screen. */
export function AdminLayout() {
  const navigate = useNavigate();
  const logout = useLogout();
  const { session } = useStaffSession();
  const [menuOpen, setMenuOpen] = useState(false);

  const signOut = () => {
    // Settled either way: the token is gone locally even when the server could not be told (spec §4).
    logout.mutate(undefined, { onSettled: () => navigate(paths.admin.login, { replace: true }) });
  };

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
          {session?.email && (
            <span className="adm-header__who">
              {session.email}
              {isStaffRole(session.role) && <span className="adm-badge">{ROLE_LABELS[session.role]}</span>}
            </span>
          )}
          <button type="button" className="adm-button" onClick={signOut} disabled={logout.isPending}>
            {logout.isPending ? 'Logging out...' : 'Logout'}
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
          </ul>
        </nav>
        <main className="adm-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
