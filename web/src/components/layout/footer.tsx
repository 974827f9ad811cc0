import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { site } from '../../config/site.js';
import { Icon } from '../ui/icon.js';
import { SocialLinks } from '../ui/social-links.js';
import { StoreBadges } from '../ui/store-badges.js';
import { Logo } from './logo.js';

const legal = [
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms & Conditions' },
  { to: paths.cookiePolicy, label: 'Cookie Policy' },
] as const;

const company = [
  { to: paths.about, label: 'About Us' },
  { to: paths.faqs, label: 'FAQs' },
  { to: paths.teams, label: 'Teams' },
  { to: paths.contact, label: 'Contact Us' },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link to={paths.home} className="site-footer__logo" aria-label="Meet Match Date Marry, home">
            <Logo />
          </Link>
          <p>Honest conversations, genuine emotions and meaningful bonds. {site.tagline}.</p>
          <StoreBadges />
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            Legal
          </h2>
          <ul>
            {legal.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            Company
          </h2>
          <ul>
            {company.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__column">
          <h2 className="site-footer__heading">Contact details</h2>
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
          © {new Date().getFullYear()} {site.contact.address[0]} All rights reserved.
        </p>
        {/* Beside the required Legal column, which keeps its three links: where anyone on the list sees or erases their data. */}
        <p>
          <Link to={paths.yourData}>Your data: see, download or erase it</Link>
        </p>
        <p>Made with care for people looking for each other.</p>
      </div>
    </footer>
  );
}
