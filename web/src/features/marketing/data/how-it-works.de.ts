import type { Step } from './how-it-works.js';

export const steps: readonly Step[] = [
  {
    title: 'Erstelle dein Profil',
    description:
      'Füge ein paar Fotos hinzu, teile deine Interessen und sag, wonach du suchst – von einer neuen Freundschaft bis zum Partner oder zur Partnerin fürs Leben. Das dauert weniger als 5 Minuten.',
    icon: 'userPlus',
  },
  {
    title: 'Erhalte passende Matches',
    description:
      'Unser Matching achtet auf Interessen, Werte und Beziehungsziele, nicht nur auf das Aussehen, und schlägt dir Menschen vor, mit denen es wahrscheinlich funkt.',
    icon: 'sparkles',
  },
  {
    title: 'Verbinden und chatten',
    description:
      'Sag Hallo, wenn ihr euch gegenseitig mögt. Chatte sicher in der App, lass dir Zeit und trefft euch, wenn es sich richtig anfühlt.',
    icon: 'chat',
  },
];
