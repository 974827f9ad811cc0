import type { MessageDescriptor } from '@lingui/core';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { localizedPath, usePageLanguage } from '../../lib/i18n/page-language.js';
import { site } from '../../config/site.js';
import { Icon } from '../ui/icon.js';
import { SocialLinks } from '../ui/social-links.js';
import { StoreBadges } from '../ui/store-badges.js';
import { LanguageSwitcher } from './language-switcher.js';
import { Logo } from './logo.js';
import { i18n } from '../../lib/i18n/i18n.js';

const legal: readonly { to: string; label: MessageDescriptor }[] = [
  { to: paths.privacyPolicy, label: /*i18n*/ { id: 'web.footer.privacyPolicy', message: 'Privacy Policy' } },
  { to: paths.terms, label: /*i18n*/ { id: 'web.footer.terms', message: 'Terms & Conditions' } },
  { to: paths.cookiePolicy, label: /*i18n*/ { id: 'web.footer.cookiePolicy', message: 'Cookie Policy' } },
];

const company: readonly { to: string; label: MessageDescriptor }[] = [
  { to: paths.about, label: /*i18n*/ { id: 'web.footer.about', message: 'About Us' } },
  { to: paths.faqs, label: /*i18n*/ { id: 'web.footer.faqs', message: 'FAQs' } },
  { to: paths.teams, label: /*i18n*/ { id: 'web.footer.teams', message: 'Teams' } },
  { to: paths.contact, label: /*i18n*/ { id: 'web.footer.contact', message: 'Contact Us' } },
];

export function Footer() {
  const language = usePageLanguage();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link
            to={localizedPath(paths.home, language)}
            className="site-footer__logo"
            aria-label={i18n._({ id: 'web.layout.logoLabel', message: 'Meet Match Date Marry, home' })}
          >
            <Logo />
          </Link>
          <p>
            {i18n._({
              id: 'web.footer.tagline',
              message:
                'Honest conversations, genuine emotions and meaningful bonds. The future of Dating and Friendships.',
            })}
          </p>
          <StoreBadges waitlist={localizedPath(paths.waitlist, language)} />
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            {i18n._({ id: 'web.footer.legal', message: 'Legal' })}
          </h2>
          <ul>
            {legal.map((item) => (
              <li key={item.to}>
                <Link to={localizedPath(item.to, language)}>{i18n._(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            {i18n._({ id: 'web.footer.company', message: 'Company' })}
          </h2>
          <ul>
            {company.map((item) => (
              <li key={item.to}>
                <Link to={localizedPath(item.to, language)}>{i18n._(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__column">
          <h2 className="site-footer__heading">
            {i18n._({ id: 'web.footer.contactDetails', message: 'Contact details' })}
          </h2>
          <ul className="contact-list">
            <li>
              <Icon name="mail" size={18} />
              <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
            </li>
            <li>
              <Icon name="phone" size={18} />
              <a href={site.contact.phoneHref}>{site.contact.phoneDisplay}</a>
            </li>
            <li>
              <Icon name="mapPin" size={18} />
              <span>{site.contact.address.slice(1, 3).join(', ')}</span>
            </li>
          </ul>
          <SocialLinks />
        </div>
      </div>
      <div className="container site-footer__bottom">
        {/* The year is rendered at build time and again in the browser: on a new year's day they may differ. */}
        <p suppressHydrationWarning>
          {i18n._({
            id: 'web.footer.copyright',
            message: '© {year} {company} All rights reserved.',
            values: { year: String(new Date().getFullYear()), company: site.contact.address[0] },
          })}
        </p>
        {/* Beside the required Legal column, which keeps its three links: where anyone on the list sees or erases their data. */}
        <p>
          <Link to={localizedPath(paths.yourData, language)}>
            {i18n._({ id: 'web.footer.yourData', message: 'Your data: see, download or erase it' })}
          </Link>
        </p>
        <p>{i18n._({ id: 'web.footer.madeWithCare', message: 'Made with care for people looking for each other.' })}</p>
        <LanguageSwitcher />
      </div>
    </footer>
  );
}
