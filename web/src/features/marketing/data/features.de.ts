import type { Feature } from './features.js';

export const features: readonly Feature[] = [
  {
    title: 'Echte Verbindungen',
    description:
      'Profile, die sich um Werte, Interessen und das drehen, was du wirklich suchst – so beginnt jedes Gespräch mit Gemeinsamkeiten.',
    icon: 'heart',
  },
  {
    title: 'Vielfältige Community',
    description:
      'Menschen jeder Herkunft, Orientierung und Lebensweise, die Liebe, Freundschaft oder beides suchen. Alle sind willkommen.',
    icon: 'users',
  },
  {
    title: 'Sicher und geschützt',
    description:
      'Profilverifizierung, einfaches Melden und Blockieren und ein Moderationsteam, das schnell handelt. Deine Daten gehören dir.',
    icon: 'shield',
  },
  {
    title: 'Persönliche Matches',
    description:
      'Unser Matching-Algorithmus lernt aus deinen Interessen, Werten und Beziehungszielen und schlägt dir Menschen vor, die es wert sind, sie kennenzulernen.',
    icon: 'sparkles',
  },
];
