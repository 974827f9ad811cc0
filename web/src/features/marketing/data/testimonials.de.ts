import type { Testimonial } from './testimonials.js';

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'Ich hatte genug davon, durch Fotos zu swipen. Hier habe ich als Erstes gesehen, was uns beiden wichtig ist, und unser erstes Gespräch dauerte drei Stunden.',
    author: 'Amara O.',
    detail: 'Match mit Daniel, seit 8 Monaten ein Paar',
    avatar: '/images/avatars/amara.svg',
  },
  {
    quote:
      'Es ist die erste App, in der ich mich sicher genug gefühlt habe, einfach ich selbst zu sein. Die Verifizierung und der respektvolle Umgang miteinander machen den Unterschied.',
    author: 'Daniel K.',
    detail: 'Hat eine Partnerin und zwei enge Freunde gefunden',
    avatar: '/images/avatars/daniel.svg',
  },
  {
    quote:
      'Wir hatten beide geschrieben, dass wir etwas Ernstes wollen. Der Vorschlag war ein Volltreffer, und im nächsten Frühling heiraten wir.',
    author: 'Priya S.',
    detail: 'Verlobt, nachdem sie sich in der Beta kennengelernt haben',
    avatar: '/images/avatars/priya.svg',
  },
];
