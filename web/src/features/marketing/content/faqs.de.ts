import { faqs } from '../data/faqs.de.js';
import type { FaqsContent } from './page-content.js';

export const content: FaqsContent = {
  hero: {
    eyebrow: 'Hilfe',
    title: 'Häufig gestellte Fragen',
    lead: 'Alles, was du wissen willst, bevor du dabei bist. Du findest deine Antwort nicht? Wir helfen dir gern.',
  },
  sectionLabel: 'Fragen und Antworten',
  faqs,
  more: { before: 'Noch Fragen?', link: 'Schreib uns', after: 'und wir melden uns bei dir.' },
};
