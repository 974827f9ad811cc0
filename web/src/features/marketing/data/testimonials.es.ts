import type { Testimonial } from './testimonials.js';

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'Estaba harta de deslizar fotos. Aquí lo primero que vi fue lo que nos importaba a los dos, y nuestra primera conversación duró tres horas.',
    author: 'Amara O.',
    detail: 'Hizo match con Daniel; llevan 8 meses juntos',
    avatar: '/images/avatars/amara.svg',
  },
  {
    quote:
      'Es la primera aplicación en la que me he sentido seguro siendo yo mismo. La verificación y la forma en que la gente se trata aquí marcan la diferencia.',
    author: 'Daniel K.',
    detail: 'Encontró pareja y dos buenos amigos',
    avatar: '/images/avatars/daniel.svg',
  },
  {
    quote:
      'Los dos escribimos que queríamos algo de verdad. La sugerencia fue perfecta, y la próxima primavera nos casamos.',
    author: 'Priya S.',
    detail: 'Comprometida tras conocerse en la beta',
    avatar: '/images/avatars/priya.svg',
  },
];
