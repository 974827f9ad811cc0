import { steps } from '../data/how-it-works.js';
import type { AboutContent } from './page-content.js';
import { shared } from './shared.en.js';

export const content: AboutContent = {
  hero: {
    eyebrow: 'About us',
    title: 'Dating, with the heart put back in',
    lead: 'Meet Match Date Marry is the future of dating and friendships: fewer games, more real connections.',
  },
  mission: {
    eyebrow: 'Our mission',
    title: 'Helping people find each other, for real',
    paragraphs: [
      'Too many apps are built to keep you swiping. We are building one that helps you stop: by introducing you to people who share your interests, your values and your idea of a good relationship, and by making the first conversation easy and safe.',
      'Whether you want to meet, match, date or marry, or simply find a friend in a new city, we believe honest conversations, genuine emotions and meaningful bonds are worth designing for. That is our promise to every member, and the yardstick for everything we build.',
    ],
  },
  how: { eyebrow: 'How it works', title: 'Three steps to your first match', steps },
  shared,
};
