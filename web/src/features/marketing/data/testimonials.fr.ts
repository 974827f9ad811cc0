import type { Testimonial } from './testimonials.js';

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'J’en avais assez de faire défiler des photos. Ici, la première chose que j’ai vue, c’est ce qui comptait pour nous deux, et notre première conversation a duré trois heures.',
    author: 'Amara O.',
    detail: 'En couple avec Daniel depuis 8 mois',
    avatar: '/images/avatars/amara.svg',
  },
  {
    quote:
      'C’est la première application où je me suis senti en sécurité pour être moi-même. La vérification et la façon dont les gens se traitent ici font toute la différence.',
    author: 'Daniel K.',
    detail: 'A trouvé une partenaire et deux amis proches',
    avatar: '/images/avatars/daniel.svg',
  },
  {
    quote:
      'Nous avions tous les deux écrit que nous voulions quelque chose de sérieux. La suggestion était parfaite, et nous nous marions au printemps prochain.',
    author: 'Priya S.',
    detail: 'Fiancée après une rencontre pendant la bêta',
    avatar: '/images/avatars/priya.svg',
  },
];
