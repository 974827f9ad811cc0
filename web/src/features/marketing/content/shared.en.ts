import { testimonials } from '../data/testimonials.js';
import type { MarketingShared } from './page-content.js';

export const shared: MarketingShared = {
  testimonials: {
    eyebrow: 'Love stories',
    title: 'What our members say',
    lead: 'Early members from our beta share how they met.',
    quotes: testimonials,
  },
  cta: {
    title: 'Ready to meet someone who gets you?',
    body: 'Join the waitlist today and be among the first to try Meet Match Date Marry when it launches on iPhone and Android.',
    button: 'Get Started',
  },
  portraitOf: (name) => `Portrait of ${name}`,
};
