import { formatCompact } from '../../../lib/i18n/intl-format.js';
import { employeeQuotes, leadership, values } from '../data/team.es.js';
import type { TeamsContent } from './page-content.js';

export const content: TeamsContent = {
  hero: {
    eyebrow: 'Nuestro equipo',
    title: 'Las personas detrás de cada match',
    lead: 'Un equipo pequeño y comprometido, repartido por ocho países, que crea una forma más amable de conocer gente.',
  },
  stats: {
    label: 'Nuestro equipo en cifras',
    items: [
      { value: `+${formatCompact('es', 25)}`, label: 'personas en el equipo' },
      { value: formatCompact('es', 8), label: 'países' },
      { value: `+${formatCompact('es', 5_000_000)}`, label: 'usuarios' },
    ],
  },
  leadership: { eyebrow: 'Dirección', title: 'Equipo directivo', members: leadership },
  values: { eyebrow: 'En qué creemos', title: 'Nuestros valores', items: values },
  quotes: { eyebrow: 'La vida en Meet Match Date Marry', title: 'En nuestras propias palabras', items: employeeQuotes },
  join: {
    title: 'Únete a nuestro equipo',
    body: 'Siempre buscamos personas amables y curiosas que quieran ayudar a otras a encontrar el amor y la amistad.',
    button: 'Ver ofertas de empleo',
  },
  portraitOf: (name) => `Retrato de ${name}`,
  onNetwork: (name, network) => `${name} en ${network} (se abre en una pestaña nueva)`,
};
