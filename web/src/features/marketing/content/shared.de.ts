import { testimonials } from '../data/testimonials.de.js';
import type { MarketingShared } from './page-content.js';

export const shared: MarketingShared = {
  testimonials: {
    eyebrow: 'Liebesgeschichten',
    title: 'Was unsere Mitglieder sagen',
    lead: 'Die ersten Mitglieder aus unserer Beta erzählen, wie sie sich kennengelernt haben.',
    quotes: testimonials,
  },
  cta: {
    title: 'Bereit, jemanden kennenzulernen, der dich versteht?',
    body: 'Setz dich noch heute auf die Warteliste und gehöre zu den Ersten, die Meet Match Date Marry ausprobieren, sobald es für iPhone und Android erscheint.',
    button: 'Jetzt starten',
  },
  portraitOf: (name) => `Porträt von ${name}`,
};
