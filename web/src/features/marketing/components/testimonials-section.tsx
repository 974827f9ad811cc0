import { SectionHeading } from '../../../components/ui/section-heading.js';
import { testimonials } from '../data/testimonials.js';
import { QuoteCard } from './quote-card.js';

export function TestimonialsSection() {
  return (
    <section className="section section--tinted" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Love stories"
          title="What our members say"
          lead="Early members from our beta share how they met."
        />
        <ul className="card-grid card-grid--3">
          {testimonials.map((item) => (
            <QuoteCard
              key={item.author}
              quote={item.quote}
              author={item.author}
              avatar={item.avatar}
              detail={item.detail}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
