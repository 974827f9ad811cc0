import { Link } from 'react-router-dom';
import { PageHero } from '../../components/layout/page-hero.js';
import { Accordion } from '../../components/ui/accordion.js';
import { paths } from '../../config/paths.js';
import { content as english } from '../../features/marketing/content/faqs.en.js';
import type { FaqsContent } from '../../features/marketing/content/page-content.js';
import { localizedContent } from '../../lib/i18n/localized-content.js';
import { localizedPath, usePageLanguage } from '../../lib/i18n/page-language.js';

function Faqs({ content }: { content: FaqsContent }) {
  const language = usePageLanguage();
  const { hero, more } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title}>
        <p>{hero.lead}</p>
      </PageHero>
      <section className="section" aria-label={content.sectionLabel}>
        <div className="container narrow">
          <Accordion items={content.faqs} />
          <p className="faq-more">
            {more.before} <Link to={localizedPath(paths.contact, language)}>{more.link}</Link> {more.after}
          </p>
        </div>
      </section>
    </>
  );
}

// The FAQ page in the page's language: English in this chunk, each translation a chunk of its own.
export const FaqsRoute = localizedContent(
  english,
  {
    es: () => import('../../features/marketing/content/faqs.es.js'),
    pt: () => import('../../features/marketing/content/faqs.pt.js'),
    de: () => import('../../features/marketing/content/faqs.de.js'),
    fr: () => import('../../features/marketing/content/faqs.fr.js'),
  },
  Faqs,
);
