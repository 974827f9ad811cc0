import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { StoreBadges } from '../../../components/ui/store-badges.js';
import { localizedPath, usePageLanguage } from '../../../lib/i18n/page-language.js';
import type { MarketingShared } from '../content/page-content.js';

export function CtaBanner({ content }: { content: MarketingShared['cta'] }) {
  const language = usePageLanguage();
  return (
    <section className="section" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta-banner">
          <div>
            <h2 id="cta-title">{content.title}</h2>
            <p>{content.body}</p>
          </div>
          <div className="cta-banner__actions">
            <Link to={localizedPath(paths.waitlist, language)} className="button button--light button--large">
              {content.button}
            </Link>
            <StoreBadges className="store-badges--on-dark" waitlist={localizedPath(paths.waitlist, language)} />
          </div>
        </div>
      </div>
    </section>
  );
}
