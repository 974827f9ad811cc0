import { employeeQuotes, leadership, values } from '../data/team.js';
import type { TeamsContent } from './page-content.js';

export const content: TeamsContent = {
  hero: {
    eyebrow: 'Our team',
    title: 'The people behind every match',
    lead: 'A small, caring team spread over eight countries, building a kinder way to meet.',
  },
  stats: {
    label: 'Our team in numbers',
    items: [
      { value: '25+', label: 'team members' },
      { value: '8', label: 'countries' },
      { value: '5M+', label: 'users' },
    ],
  },
  leadership: { eyebrow: 'Leadership', title: 'Leadership Team', members: leadership },
  values: { eyebrow: 'What we believe', title: 'Our values', items: values },
  quotes: { eyebrow: 'Life at Meet Match Date Marry', title: 'In our own words', items: employeeQuotes },
  join: {
    title: 'Join Our Team',
    body: "We're always looking for kind, curious people who want to help others find love and friendship.",
    button: 'View Open Positions',
  },
  portraitOf: (name) => `Portrait of ${name}`,
  onNetwork: (name, network) => `${name} on ${network} (opens in a new tab)`,
};
