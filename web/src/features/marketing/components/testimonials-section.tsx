import { ContentSection } from '../../../components/layout/content-section.js';
import { testimonials } from '../data/testimonials.js';
import { QuoteList } from './quote-list.js';

export function TestimonialsSection() {
  return (
    <ContentSection
      id="testimonials"
      eyebrow="Love stories"
      title="What our members say"
      lead="Early members from our beta share how they met."
      tinted
    >
      <QuoteList quotes={testimonials} />
    </ContentSection>
  );
}
