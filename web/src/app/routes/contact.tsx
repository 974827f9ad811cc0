import { PageHero } from '../../components/layout/page-hero.js';
import { EmailAddress } from '../../components/ui/email-address.js';
import { Icon } from '../../components/ui/icon.js';
import { SocialLinks } from '../../components/ui/social-links.js';
import { site } from '../../config/site.js';
import { ContactForm } from '../../features/contact/components/contact-form.js';

export function ContactRoute() {
  return (
    <>
      <PageHero eyebrow="Contact" title="We'd love to hear from you">
        <p>Questions about the app, press enquiries or ideas for us? Write to us, call us or find us online.</p>
      </PageHero>
      <section className="section">
        <div className="container contact-grid">
          <ContactForm />
          <aside className="card connect-card" aria-labelledby="connect-title">
            <h2 id="connect-title">Connect With Us</h2>
            <p>
              Our mission is to help people build meaningful relationships through honest conversations. Whatever is on
              your mind, a real person on our team will read it.
            </p>
            <ul className="contact-list contact-list--large">
              <li>
                <Icon name="mapPin" />
                <address>
                  {site.contact.address.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </li>
              <li>
                <Icon name="phone" />
                <a href={site.contact.phoneHref}>{site.contact.phoneDisplay}</a>
              </li>
              <li>
                <Icon name="mail" />
                <a href={`mailto:${site.contact.email}`}>
                  <EmailAddress address={site.contact.email} />
                </a>
              </li>
            </ul>
            <h3 className="connect-card__follow">Follow us</h3>
            <SocialLinks />
          </aside>
        </div>
      </section>
    </>
  );
}
