import { formatCompact } from '../../../lib/i18n/intl-format.js';
import { employeeQuotes, leadership, values } from '../data/team.fr.js';
import type { TeamsContent } from './page-content.js';

export const content: TeamsContent = {
  hero: {
    eyebrow: 'Notre équipe',
    title: 'Les personnes derrière chaque match',
    lead: 'Une petite équipe attentionnée, répartie dans huit pays, qui invente une façon plus bienveillante de se rencontrer.',
  },
  stats: {
    label: 'Notre équipe en chiffres',
    items: [
      { value: `+${formatCompact('fr', 25)}`, label: 'membres de l’équipe' },
      { value: formatCompact('fr', 8), label: 'pays' },
      { value: `+${formatCompact('fr', 5_000_000)}`, label: 'utilisateurs' },
    ],
  },
  leadership: { eyebrow: 'Direction', title: 'L’équipe de direction', members: leadership },
  values: { eyebrow: 'Ce en quoi nous croyons', title: 'Nos valeurs', items: values },
  quotes: { eyebrow: 'La vie chez Meet Match Date Marry', title: 'Avec nos propres mots', items: employeeQuotes },
  join: {
    title: 'Rejoignez notre équipe',
    body: 'Nous recherchons toujours des personnes bienveillantes et curieuses qui souhaitent aider les autres à trouver l’amour et l’amitié.',
    button: 'Voir les postes ouverts',
  },
  portraitOf: (name) => `Portrait de ${name}`,
  onNetwork: (name, network) => `${name} sur ${network} (s’ouvre dans un nouvel onglet)`,
};
