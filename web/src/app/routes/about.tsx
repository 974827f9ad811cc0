import { ContentSection } from '../../components/layout/content-section.js';
import { PageHero } from '../../components/layout/page-hero.js';
import { Icon } from '../../components/ui/icon.js';
import { SectionHeading } from '../../components/ui/section-heading.js';
import { CtaBanner } from '../../features/marketing/components/cta-banner.js';
import { TestimonialsSection } from '../../features/marketing/components/testimonials-section.js';
import { content as english } from '../../features/marketing/content/about.en.js';
import type { AboutContent } from '../../features/marketing/content/page-content.js';
import { localizedContent } from '../../lib/i18n/localized-content.js';

function About({ content }: { content: AboutContent }) {
  const { hero, mission, how, shared } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title}>
        <p>{hero.lead}</p>
      </PageHero>

      <section className="section" aria-labelledby="mission-title">
        <div className="container split">
          <div>
            <SectionHeading id="mission-title" eyebrow={mission.eyebrow} title={mission.title} />
          </div>
          <div className="prose">
            {mission.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <ContentSection id="how" eyebrow={how.eyebrow} title={how.title} tinted>
        <ol className="card-grid card-grid--3 steps">
          {how.steps.map((step, index) => (
            <li key={step.icon} className="card step">
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

      <TestimonialsSection content={shared} />
      <CtaBanner content={shared.cta} />
    </>
  );
}

// The about page in the page's language: English in this chunk, each translation a chunk of its own.
export const AboutRoute = localizedContent(
  english,
  {
    es: () => import('../../features/marketing/content/about.es.js'),
    pt: () => import('../../features/marketing/content/about.pt.js'),
    de: () => import('../../features/marketing/content/about.de.js'),
    fr: () => import('../../features/marketing/content/about.fr.js'),
  },
  About,
);
