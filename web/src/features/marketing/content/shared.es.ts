import { testimonials } from '../data/testimonials.es.js';
import type { MarketingShared } from './page-content.js';

export const shared: MarketingShared = {
  testimonials: {
    eyebrow: 'Historias de amor',
    title: 'Lo que dicen nuestros miembros',
    lead: 'Los primeros miembros de nuestra beta cuentan cómo se conocieron.',
    quotes: testimonials,
  },
  cta: {
    title: '¿Quieres conocer a alguien que te entienda?',
    body: 'Únete hoy a la lista de espera y sé de las primeras personas en probar Meet Match Date Marry cuando llegue a iPhone y Android.',
    button: 'Empieza ya',
  },
  portraitOf: (name) => `Retrato de ${name}`,
};
