import type { Testimonial } from './testimonials.js';

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'Estava farta de deslizar fotografias. Aqui, a primeira coisa que vi foi aquilo que ambos valorizávamos, e a nossa primeira conversa durou três horas.',
    author: 'Amara O.',
    detail: 'Fez match com o Daniel; estão juntos há 8 meses',
    avatar: '/images/avatars/amara.svg',
  },
  {
    quote:
      'É a primeira aplicação em que me senti seguro para ser eu próprio. A verificação e a forma como as pessoas se tratam aqui fazem toda a diferença.',
    author: 'Daniel K.',
    detail: 'Encontrou uma companheira e dois bons amigos',
    avatar: '/images/avatars/daniel.svg',
  },
  {
    quote: 'Ambos escrevemos que queríamos algo a sério. A sugestão foi certeira, e na próxima primavera vamos casar.',
    author: 'Priya S.',
    detail: 'Noiva depois de se terem conhecido na versão beta',
    avatar: '/images/avatars/priya.svg',
  },
];
