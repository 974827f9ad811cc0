import { formatCompact } from '../../../lib/i18n/intl-format.js';
import { employeeQuotes, leadership, values } from '../data/team.de.js';
import type { TeamsContent } from './page-content.js';

export const content: TeamsContent = {
  hero: {
    eyebrow: 'Unser Team',
    title: 'Die Menschen hinter jedem Match',
    lead: 'Ein kleines, engagiertes Team in acht Ländern, das eine freundlichere Art entwickelt, sich kennenzulernen.',
  },
  stats: {
    label: 'Unser Team in Zahlen',
    items: [
      { value: `${formatCompact('de', 25)}+`, label: 'Teammitglieder' },
      { value: formatCompact('de', 8), label: 'Länder' },
      { value: `${formatCompact('de', 5_000_000)}+`, label: 'Nutzerinnen und Nutzer' },
    ],
  },
  leadership: { eyebrow: 'Führung', title: 'Unser Führungsteam', members: leadership },
  values: { eyebrow: 'Woran wir glauben', title: 'Unsere Werte', items: values },
  quotes: { eyebrow: 'Arbeiten bei Meet Match Date Marry', title: 'In unseren eigenen Worten', items: employeeQuotes },
  join: {
    title: 'Werde Teil unseres Teams',
    body: 'Wir suchen immer nach freundlichen, neugierigen Menschen, die anderen helfen wollen, Liebe und Freundschaft zu finden.',
    button: 'Offene Stellen ansehen',
  },
  portraitOf: (name) => `Porträt von ${name}`,
  onNetwork: (name, network) => `${name} auf ${network} (öffnet in einem neuen Tab)`,
};
