import { features } from '../data/features.es.js';
import type { HomeContent } from './page-content.js';
import { shared } from './shared.es.js';

export const content: HomeContent = {
  hero: {
    eyebrow: 'El futuro de las citas',
    title: 'Encuentra a tu pareja ideal.',
    lead: 'Meet Match Date Marry une a las personas a través de conversaciones sinceras, emociones auténticas y vínculos con sentido. Emparejamientos basados en lo que importa: tus intereses, tus valores y la relación que quieres.',
    getStarted: 'Empieza ya',
    howItWorks: 'Cómo funciona',
  },
  why: {
    eyebrow: 'Meet Match Date Marry',
    title: 'Por qué elegir Meet Match Date Marry',
    lead: 'Citas y amistades, reinventadas en torno a lo que hace que una conexión dure.',
    features,
  },
  shared,
};
