import { formatMiles, formatUsd } from '../../../lib/i18n/intl-format.js';
import type { Faq } from './faqs.js';

export const faqs: readonly Faq[] = [
  {
    question: 'Was ist Meet Match Date Marry?',
    answer:
      'Meet Match Date Marry ist eine App für Dating und Freundschaften für alle, die mehr wollen als endloses Swipen. Wir bringen dich nach Interessen, Werten und Beziehungszielen mit anderen zusammen, damit du ehrliche Gespräche führen und echte Verbindungen aufbauen kannst – ob du ein Date, eine feste Beziehung oder neue Freundschaften suchst.',
  },
  {
    question: 'Wie funktioniert das Matching?',
    answer:
      'Wenn du dein Profil erstellst, erzählst du uns von deinen Interessen, deinen Werten und der Art von Beziehung, die du dir wünschst. Unser Matching-Algorithmus berücksichtigt all das, lernt aus den Profilen, die du likest oder überspringst, und schlägt dir Menschen vor, mit denen du dich wahrscheinlich gut verstehst.',
  },
  {
    question: 'Ist Meet Match Date Marry kostenlos?',
    answer: `Ja. Ein Profil erstellen, Matches bekommen und chatten ist kostenlos. Premium ab ${formatUsd('de', 9.99)} pro Monat bietet Extras wie die Übersicht, wer dich geliked hat, unbegrenzte Likes und erweiterte Filter. Du kannst jederzeit kündigen und behältst Premium bis zum Ende des bezahlten Zeitraums.`,
  },
  {
    question: 'Wie weit entfernt dürfen meine Matches sein?',
    answer: `Das entscheidest du. Stell deine bevorzugte Entfernung auf einen Wert zwischen ${formatMiles('de', 1)} und ${formatMiles('de', 100)} ein und ändere sie, wann immer du willst, zum Beispiel auf Reisen oder nach einem Umzug.`,
  },
  {
    question: 'Wie lange dauert es, ein Konto einzurichten?',
    answer:
      'Weniger als 5 Minuten. Füge ein paar Fotos hinzu, wähle deine Interessen aus und sag, wonach du suchst – schon kannst du deine ersten Matches sehen.',
  },
  {
    question: 'Wie schützt ihr eure Mitglieder?',
    answer:
      'Alle Mitglieder müssen mindestens 18 Jahre alt sein. Wir bieten eine Profilverifizierung, du kannst jede Person mit einem Tippen blockieren und melden, und unser Moderationsteam prüft Meldungen rund um die Uhr. Wir verkaufen deine personenbezogenen Daten niemals.',
  },
];
