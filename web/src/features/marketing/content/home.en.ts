import { features } from '../data/features.js';
import type { HomeContent } from './page-content.js';
import { shared } from './shared.en.js';

export const content: HomeContent = {
  hero: {
    eyebrow: 'The Future of Dating',
    title: 'Find Your Perfect Match.',
    lead: 'Meet Match Date Marry brings people together through honest conversations, genuine emotions and meaningful bonds. Matched on what matters: your interests, your values and the relationship you want.',
    getStarted: 'Get Started',
    howItWorks: 'How it works',
  },
  why: {
    eyebrow: 'Meet Match Date Marry',
    title: 'Why Choose Meet Match Date Marry',
    lead: 'Dating and friendships, rebuilt around the things that make a connection last.',
    features,
  },
  shared,
};
