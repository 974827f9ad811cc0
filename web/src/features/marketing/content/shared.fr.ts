import { testimonials } from '../data/testimonials.fr.js';
import type { MarketingShared } from './page-content.js';

export const shared: MarketingShared = {
  testimonials: {
    eyebrow: 'Histoires d’amour',
    title: 'Ce que disent nos membres',
    lead: 'Les premiers membres de notre bêta racontent comment ils se sont rencontrés.',
    quotes: testimonials,
  },
  cta: {
    title: 'Prêt à rencontrer quelqu’un qui vous comprend\u00a0?',
    body: 'Inscrivez-vous dès aujourd’hui sur la liste d’attente et soyez parmi les premiers à essayer Meet Match Date Marry à son lancement sur iPhone et Android.',
    button: 'Commencer',
  },
  portraitOf: (name) => `Portrait de ${name}`,
};
