import { faqs } from '../data/faqs.js';
import type { FaqsContent } from './page-content.js';

export const content: FaqsContent = {
  hero: {
    eyebrow: 'FAQs',
    title: 'Frequently asked questions',
    lead: "Everything you want to know before you join. Can't find your answer? We're happy to help.",
  },
  sectionLabel: 'Questions and answers',
  faqs,
  more: { before: 'Still have a question?', link: 'Contact us', after: "and we'll get back to you." },
};
