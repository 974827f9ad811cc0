import { Link } from 'react-router-dom';
import { ContentSection } from '../../components/layout/content-section.js';
import { StoreBadges } from '../../components/ui/store-badges.js';
import { CtaBanner } from '../../features/marketing/components/cta-banner.js';
import { FeatureCard } from '../../features/marketing/components/feature-card.js';
import { HeroArt } from '../../features/marketing/components/hero-art.js';
import { TestimonialsSection } from '../../features/marketing/components/testimonials-section.js';
import { features } from '../../features/marketing/data/features.js';
import { paths } from '../../config/paths.js';

export function HomeRoute() {
  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">The Future of Dating</p>
            <h1 id="page-title">Find Your Perfect Match.</h1>
            <p className="hero__lead">
              Meet Match Date Marry brings people together through honest conversations, genuine emotions and meaningful
              bonds. Matched on what matters: your interests, your values and the relationship you want.
            </p>
            <div className="button-row">
              <Link to={paths.waitlist} className="button button--primary button--large">
                Get Started
              </Link>
              <Link to={paths.about} className="button button--ghost button--large">
                How it works
              </Link>
            </div>
            <StoreBadges />
          </div>
          <div className="hero__art">
            <HeroArt />
          </div>
        </div>
      </section>

      <ContentSection
        id="why"
        eyebrow="Meet Match Date Marry"
        title="Why Choose Meet Match Date Marry"
        lead="Dating and friendships, rebuilt around the things that make a connection last."
      >
        <ul className="card-grid card-grid--4">
          {features.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </ul>
      </ContentSection>

      <TestimonialsSection />
      <CtaBanner />
    </>
  );
}
