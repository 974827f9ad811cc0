import { PageHero } from '../../components/layout/page-hero.js';
import { EmailAddress } from '../../components/ui/email-address.js';
import { Icon } from '../../components/ui/icon.js';
import { SocialLinks } from '../../components/ui/social-links.js';
import { site } from '../../config/site.js';
import { ContactForm } from '../../features/contact/components/contact-form.js';
import { i18n } from '../../lib/i18n/i18n.js';

export function ContactRoute() {
  return (
    <>
      <PageHero
        eyebrow={i18n._({ id: 'web.contact.hero.eyebrow', message: 'Contact' })}
        title={i18n._({ id: 'web.contact.hero.title', message: "We'd love to hear from you" })}
      >
        <p>
          {i18n._({
            id: 'web.contact.hero.lead',
            message:
              'Questions about the app, press enquiries or ideas for us? Write to us, call us or find us online.',
          })}
        </p>
      </PageHero>
      <section className="section">
        <div className="container contact-grid">
          <ContactForm />
          <aside className="card connect-card" aria-labelledby="connect-title">
            <h2 id="connect-title">{i18n._({ id: 'web.contact.connect.title', message: 'Connect With Us' })}</h2>
            <p>
              {i18n._({
                id: 'web.contact.connect.body',
                message:
                  'Our mission is to help people build meaningful relationships through honest conversations. Whatever is on your mind, a real person on our team will read it.',
              })}
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
            <h3 className="connect-card__follow">
              {i18n._({ id: 'web.contact.connect.follow', message: 'Follow us' })}
            </h3>
            <SocialLinks />
          </aside>
        </div>
      </section>
    </>
  );
}
