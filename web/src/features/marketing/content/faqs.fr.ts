import { faqs } from '../data/faqs.fr.js';
import type { FaqsContent } from './page-content.js';

export const content: FaqsContent = {
  hero: {
    eyebrow: 'Aide',
    title: 'Questions fréquentes',
    lead: 'Tout ce que vous voulez savoir avant de nous rejoindre. Vous ne trouvez pas votre réponse\u00a0? Nous serons ravis de vous aider.',
  },
  sectionLabel: 'Questions et réponses',
  faqs,
  more: { before: 'Une autre question\u00a0?', link: 'Contactez-nous', after: 'et nous vous répondrons.' },
};
