import type { Feature } from './features.js';

export const features: readonly Feature[] = [
  {
    title: 'Des liens qui comptent',
    description:
      'Des profils construits autour des valeurs, des centres d’intérêt et de ce que vous recherchez vraiment, pour que chaque conversation parte d’un terrain commun.',
    icon: 'heart',
  },
  {
    title: 'Une communauté diverse',
    description:
      'Des personnes de tous horizons, de toutes orientations et de tous parcours, en quête d’amour, d’amitié ou des deux. Tout le monde est le bienvenu.',
    icon: 'users',
  },
  {
    title: 'Sûr et sécurisé',
    description:
      'Vérification des profils, signalement et blocage simples, et une équipe de modération qui agit vite. Vos données restent les vôtres.',
    icon: 'shield',
  },
  {
    title: 'Des matchs sur mesure',
    description:
      'Notre algorithme de mise en relation apprend de vos centres d’intérêt, de vos valeurs et de vos objectifs relationnels pour vous suggérer des personnes qui valent la peine d’être rencontrées.',
    icon: 'sparkles',
  },
];
