import { ContentSection } from '../../components/layout/content-section.js';
import { PageHero } from '../../components/layout/page-hero.js';
import { Icon } from '../../components/ui/icon.js';
import { SectionHeading } from '../../components/ui/section-heading.js';
import { CtaBanner } from '../../features/marketing/components/cta-banner.js';
import { TestimonialsSection } from '../../features/marketing/components/testimonials-section.js';
import { steps } from '../../features/marketing/data/how-it-works.js';

export function AboutRoute() {
  return (
    <>
      <PageHero eyebrow="About us" title="Dating, with the heart put back in">
        <p>Meet Match Date Marry is the future of dating and friendships: fewer games, more real connections.</p>
      </PageHero>

      <section className="section" aria-labelledby="mission-title">
        <div className="container split">
          <div>
            <SectionHeading id="mission-title" eyebrow="Our mission" title="Helping people find each other, for real" />
          </div>
          <div className="prose">
            <p>
              Too many apps are built to keep you swiping. We are building one that helps you stop: by introducing you
              to people who share your interests, your values and your idea of a good relationship, and by making the
              first conversation easy and safe.
            </p>
            <p>
              Whether you want to meet, match, date or marry, or simply find a friend in a new city, we believe honest
              conversations, genuine emotions and meaningful bonds are worth designing for. That is our promise to every
              member, and the yardstick for everything we build.
            </p>
          </div>
        </div>
      </section>

      <ContentSection id="how" eyebrow="How it works" title="Three steps to your first match" tinted>
        <ol className="card-grid card-grid--3 steps">
          {steps.map((step, index) => (
            <li key={step.title} className="card step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="feature-card__icon">
                <Icon name={step.icon} />
              </span>
              <h3>{step.title}</h3>
              <p>{step.description}</p>
            </li>
          ))}
        </ol>
      </ContentSection>

      <TestimonialsSection />
      <CtaBanner />
    </>
  );
}
