import type { LegalFrame } from '../components/legal-document.js';

export const frame: LegalFrame = {
  language: 'en',
  eyebrow: 'Legal',
  lastUpdated: (month) => `Last updated ${month}`,
  onThisPage: 'On this page',
};
