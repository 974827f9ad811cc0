import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { localizedPath, usePageLanguage } from '../../lib/i18n/page-language.js';
import { keepTabInside } from '../ui/focus-trap.js';
import { Icon } from '../ui/icon.js';
import { mainNav } from './nav-items.js';
import { i18n } from '../../lib/i18n/i18n.js';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  /** Closed by the close button, the backdrop or Escape: focus goes back to the menu button. */
  onClose: () => void;
  /** A link was followed: the menu closes and focus moves on with the new page. */
  onNavigate: () => void;
}

/** The phone menu: a modal panel sliding in from the right over a backdrop, with focus kept inside while open. */
export function MobileMenu({ id, open, onClose, onNavigate }: MobileMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const language = usePageLanguage();
  const menu = i18n._({ id: 'web.mobileMenu.title', message: 'Menu' });

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    document.documentElement.classList.add('has-open-menu');
    return () => document.documentElement.classList.remove('has-open-menu');
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    keepTabInside(event, panel.current);
  }

  return (
    <div className={open ? 'mobile-menu is-open' : 'mobile-menu'} inert={!open}>
      <div className="mobile-menu__backdrop" data-testid="menu-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        id={id}
        className="mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-label={menu}
        onKeyDown={onKeyDown}
      >
        <div className="mobile-menu__top">
          <span className="mobile-menu__title">{menu}</span>
          <button
            ref={closeButton}
            type="button"
            className="icon-button"
            aria-label={i18n._({ id: 'web.mobileMenu.close', message: 'Close menu' })}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label={i18n._({ id: 'web.mobileMenu.navLabel', message: 'Mobile' })}>
          <ul className="mobile-menu__list">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink to={localizedPath(item.to, language)} end className="mobile-menu__link" onClick={onNavigate}>
                  {i18n._(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link
          to={localizedPath(paths.waitlist, language)}
          className="button button--primary button--block"
          onClick={onNavigate}
        >
          {i18n._({ id: 'web.nav.getStarted', message: 'Get Started' })}
        </Link>
      </div>
    </div>
  );
}
