import { steps } from '../data/how-it-works.de.js';
import type { AboutContent } from './page-content.js';
import { shared } from './shared.de.js';

export const content: AboutContent = {
  hero: {
    eyebrow: 'Über uns',
    title: 'Dating, wieder mit Herz',
    lead: 'Meet Match Date Marry ist die Zukunft von Dating und Freundschaften: weniger Spielchen, mehr echte Verbindungen.',
  },
  mission: {
    eyebrow: 'Unsere Mission',
    title: 'Menschen helfen, einander wirklich zu finden',
    paragraphs: [
      'Zu viele Apps sind darauf ausgelegt, dass du immer weiter swipst. Wir bauen eine, die dir hilft, damit aufzuhören: indem sie dir Menschen vorstellt, die deine Interessen, deine Werte und deine Vorstellung von einer guten Beziehung teilen, und indem sie das erste Gespräch leicht und sicher macht.',
      'Ob du jemanden kennenlernen, matchen, daten oder heiraten möchtest oder einfach Anschluss in einer neuen Stadt suchst: Wir finden, dass ehrliche Gespräche, echte Gefühle und tiefe Verbindungen es wert sind, dafür zu gestalten. Das ist unser Versprechen an jedes Mitglied und der Maßstab für alles, was wir entwickeln.',
    ],
  },
  how: { eyebrow: 'So funktioniert’s', title: 'In drei Schritten zu deinem ersten Match', steps },
  shared,
};
