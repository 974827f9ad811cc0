import { ContentSection } from '../../../components/layout/content-section.js';
import type { MarketingShared } from '../content/page-content.js';
import { QuoteList } from './quote-list.js';

export function TestimonialsSection({ content }: { content: MarketingShared }) {
  const { eyebrow, title, lead, quotes } = content.testimonials;
  return (
    <ContentSection id="testimonials" eyebrow={eyebrow} title={title} lead={lead} tinted>
      <QuoteList quotes={quotes} portraitOf={content.portraitOf} />
    </ContentSection>
  );
}
