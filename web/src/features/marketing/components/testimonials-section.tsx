import { Avatar } from '../../../components/ui/avatar.js';
import { SectionHeading } from '../../../components/ui/section-heading.js';
import { testimonials } from '../data/testimonials.js';

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
            <li key={item.author} className="card testimonial">
              <figure>
                <blockquote className="testimonial__quote">
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <Avatar src={item.avatar} alt={`Portrait of ${item.author}`} />
                  <span>
                    <strong>{item.author}</strong>
                    <span className="muted">{item.detail}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
