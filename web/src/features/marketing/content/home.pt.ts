import { features } from '../data/features.pt.js';
import type { HomeContent } from './page-content.js';
import { shared } from './shared.pt.js';

export const content: HomeContent = {
  hero: {
    eyebrow: 'O futuro dos encontros',
    title: 'Encontre a pessoa certa.',
    lead: 'O Meet Match Date Marry aproxima as pessoas através de conversas sinceras, emoções genuínas e laços com significado. Sugestões baseadas no que importa: os seus interesses, os seus valores e a relação que procura.',
    getStarted: 'Começar',
    howItWorks: 'Como funciona',
  },
  why: {
    eyebrow: 'Meet Match Date Marry',
    title: 'Porquê escolher o Meet Match Date Marry',
    lead: 'Encontros e amizades, repensados em torno daquilo que faz uma ligação durar.',
    features,
  },
  shared,
};
