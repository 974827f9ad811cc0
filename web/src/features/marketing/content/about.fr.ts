import { steps } from '../data/how-it-works.fr.js';
import type { AboutContent } from './page-content.js';
import { shared } from './shared.fr.js';

export const content: AboutContent = {
  hero: {
    eyebrow: 'À propos',
    title: 'Les rencontres, avec du cœur',
    lead: 'Meet Match Date Marry est l’avenir des rencontres et de l’amitié\u00a0: moins de jeux, plus de vraies connexions.',
  },
  mission: {
    eyebrow: 'Notre mission',
    title: 'Aider les gens à se trouver, pour de vrai',
    paragraphs: [
      'Trop d’applications sont conçues pour vous faire défiler sans fin. Nous en construisons une qui vous aide à vous arrêter\u00a0: en vous présentant des personnes qui partagent vos centres d’intérêt, vos valeurs et votre idée d’une belle relation, et en rendant la première conversation simple et sûre.',
      'Que vous souhaitiez rencontrer, matcher, sortir ensemble ou vous marier, ou simplement trouver un ami dans une nouvelle ville, nous sommes convaincus que les conversations sincères, les émotions authentiques et les liens qui comptent méritent qu’on les place au cœur de la conception. C’est notre promesse à chaque membre, et l’aune à laquelle nous mesurons tout ce que nous créons.',
    ],
  },
  how: { eyebrow: 'Comment ça marche', title: 'Trois étapes jusqu’à votre premier match', steps },
  shared,
};
