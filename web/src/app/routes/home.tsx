import { Link } from 'react-router-dom';
import { ContentSection } from '../../components/layout/content-section.js';
import { StoreBadges } from '../../components/ui/store-badges.js';
import { paths } from '../../config/paths.js';
import { CtaBanner } from '../../features/marketing/components/cta-banner.js';
import { FeatureCard } from '../../features/marketing/components/feature-card.js';
import { HeroArt } from '../../features/marketing/components/hero-art.js';
import { TestimonialsSection } from '../../features/marketing/components/testimonials-section.js';
import { content as english } from '../../features/marketing/content/home.en.js';
import type { HomeContent } from '../../features/marketing/content/page-content.js';
import { localizedContent } from '../../lib/i18n/localized-content.js';
import { localizedPath, usePageLanguage } from '../../lib/i18n/page-language.js';

function Home({ content }: { content: HomeContent }) {
  const language = usePageLanguage();
  const { hero, why, shared } = content;
  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 id="page-title">{hero.title}</h1>
            <p className="hero__lead">{hero.lead}</p>
            <div className="button-row">
              <Link to={localizedPath(paths.waitlist, language)} className="button button--primary button--large">
                {hero.getStarted}
              </Link>
              <Link to={localizedPath(paths.about, language)} className="button button--ghost button--large">
                {hero.howItWorks}
              </Link>
            </div>
            <StoreBadges waitlist={localizedPath(paths.waitlist, language)} />
          </div>
          <div className="hero__art">
            <HeroArt />
          </div>
        </div>
      </section>

      <ContentSection id="why" eyebrow={why.eyebrow} title={why.title} lead={why.lead}>
        <ul className="card-grid card-grid--4">
          {why.features.map((feature) => (
            <FeatureCard key={feature.icon} {...feature} />
          ))}
        </ul>
      </ContentSection>

      <TestimonialsSection content={shared} />
      <CtaBanner content={shared.cta} />
    </>
  );
}

// The home page in the page's language. English stays in this chunk: the home page's first load has a 100 kB gzip
// budget, and a lazy English module would cost the most-seen page a request; each translation is a chunk of its own
// that only its visitors download (localized-content.tsx).
export const HomeRoute = localizedContent(
  english,
  {
    es: () => import('../../features/marketing/content/home.es.js'),
    pt: () => import('../../features/marketing/content/home.pt.js'),
    de: () => import('../../features/marketing/content/home.de.js'),
    fr: () => import('../../features/marketing/content/home.fr.js'),
  },
  Home,
);
