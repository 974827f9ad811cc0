import { Link } from 'react-router-dom';
import { PageHero } from '../../components/layout/page-hero.js';
import { Accordion } from '../../components/ui/accordion.js';
import { faqs } from '../../features/marketing/data/faqs.js';
import { paths } from '../../config/paths.js';

export function FaqsRoute() {
  return (
    <>
      <PageHero eyebrow="FAQs" title="Frequently asked questions">
        <p>Everything you want to know before you join. Can't find your answer? We're happy to help.</p>
      </PageHero>
      <section className="section" aria-label="Questions and answers">
        <div className="container narrow">
          <Accordion items={faqs} />
          <p className="faq-more">
            Still have a question? <Link to={paths.contact}>Contact us</Link> and we'll get back to you.
          </p>
        </div>
      </section>
    </>
  );
}
