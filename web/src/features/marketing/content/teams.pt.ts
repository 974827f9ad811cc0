import { formatCompact } from '../../../lib/i18n/intl-format.js';
import { employeeQuotes, leadership, values } from '../data/team.pt.js';
import type { TeamsContent } from './page-content.js';

export const content: TeamsContent = {
  hero: {
    eyebrow: 'A nossa equipa',
    title: 'As pessoas por trás de cada match',
    lead: 'Uma equipa pequena e dedicada, espalhada por oito países, a criar uma forma mais gentil de conhecer pessoas.',
  },
  stats: {
    label: 'A nossa equipa em números',
    items: [
      { value: `+${formatCompact('pt', 25)}`, label: 'membros da equipa' },
      { value: formatCompact('pt', 8), label: 'países' },
      { value: `+${formatCompact('pt', 5_000_000)}`, label: 'utilizadores' },
    ],
  },
  leadership: { eyebrow: 'Direção', title: 'Equipa de direção', members: leadership },
  values: { eyebrow: 'Em que acreditamos', title: 'Os nossos valores', items: values },
  quotes: { eyebrow: 'A vida na Meet Match Date Marry', title: 'Nas nossas palavras', items: employeeQuotes },
  join: {
    title: 'Junte-se à nossa equipa',
    body: 'Procuramos sempre pessoas gentis e curiosas que queiram ajudar os outros a encontrar o amor e a amizade.',
    button: 'Ver vagas disponíveis',
  },
  portraitOf: (name) => `Retrato de ${name}`,
  onNetwork: (name, network) => `${name} no ${network} (abre num novo separador)`,
};
