import { features } from '../data/features.fr.js';
import type { HomeContent } from './page-content.js';
import { shared } from './shared.fr.js';

export const content: HomeContent = {
  hero: {
    eyebrow: 'L’avenir des rencontres',
    title: 'Trouvez la personne qui vous correspond.',
    lead: 'Meet Match Date Marry rapproche les gens grâce à des conversations sincères, des émotions authentiques et des liens qui comptent. Des rencontres fondées sur l’essentiel\u00a0: vos centres d’intérêt, vos valeurs et la relation que vous souhaitez.',
    getStarted: 'Commencer',
    howItWorks: 'Comment ça marche',
  },
  why: {
    eyebrow: 'Meet Match Date Marry',
    title: 'Pourquoi choisir Meet Match Date Marry',
    lead: 'Les rencontres et l’amitié, réinventées autour de ce qui fait durer une relation.',
    features,
  },
  shared,
};
