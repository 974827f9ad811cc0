import type { EmployeeQuote, TeamMember, Value } from './team.js';

export const leadership: readonly TeamMember[] = [
  {
    name: 'Sofia Marin',
    position: 'Mitgründerin und CEO',
    description:
      'Hat zehn Jahre lang Online-Communitys aufgebaut und ihren Mann über einen Freund eines Freundes kennengelernt. Sie möchte, dass alle dieses Glück haben – mit System.',
    image: '/images/team/sofia.svg',
    roleColor: 'rose',
    social: { linkedin: 'https://www.linkedin.com/in/sofia-marin-mmdm', twitter: 'https://x.com/sofiamarin' },
  },
  {
    name: 'Marcus Bell',
    position: 'Mitgründer und CTO',
    description:
      'Hat bei zwei Consumer-Apps Teams für Empfehlungssysteme geleitet. Ist überzeugt, dass ein gutes Match aus gemeinsamen Werten entsteht, nicht daraus, Menschen am Scrollen zu halten.',
    image: '/images/team/marcus.svg',
    roleColor: 'indigo',
    social: { linkedin: 'https://www.linkedin.com/in/marcus-bell-mmdm', github: 'https://github.com/marcusbell' },
  },
  {
    name: 'Aiko Tanaka',
    position: 'Leiterin Vertrauen und Sicherheit',
    description:
      'Hat früher zur Sicherheit im Netz geforscht. Entwickelt die Werkzeuge für Verifizierung, Meldungen und Moderation, die unsere Community freundlich halten.',
    image: '/images/team/aiko.svg',
    roleColor: 'emerald',
    social: { linkedin: 'https://www.linkedin.com/in/aiko-tanaka-mmdm', twitter: 'https://x.com/aikotanaka' },
  },
];

export const values: readonly Value[] = [
  {
    title: 'Authentizität',
    description:
      'Echte Menschen, echte Profile und ehrliche Gespräche. Wir entwickeln für den Menschen, der du bist, nicht für den, den du vorgibst zu sein.',
    icon: 'heart',
  },
  {
    title: 'Innovation',
    description:
      'Wir denken neu, wie Menschen sich kennenlernen, und nutzen Technik, um sie zusammenzubringen, statt sie endlos swipen zu lassen.',
    icon: 'lightbulb',
  },
  {
    title: 'Empathie',
    description:
      'Die Suche nach Liebe kann schwer sein. Wir gestalten jede Funktion mit Rücksicht auf die Gefühle auf beiden Seiten des Bildschirms.',
    icon: 'handHeart',
  },
];

export const employeeQuotes: readonly EmployeeQuote[] = [
  {
    quote:
      'Jede Woche lesen wir Nachrichten von Mitgliedern, die jemanden gefunden haben. Das wird nie langweilig und macht schwere Tage leicht.',
    author: 'Lucas Moreau',
    role: 'Produktdesigner, Lissabon',
    avatar: '/images/avatars/lucas.svg',
  },
  {
    quote:
      'Das ist der erste Arbeitsplatz, an dem Sicherheit eine Funktion ist, die wir ausliefern, und kein Kästchen, das wir abhaken.',
    author: 'Mei Chen',
    role: 'Analystin Vertrauen und Sicherheit, Singapur',
    avatar: '/images/avatars/mei.svg',
  },
  {
    quote:
      'Wir sind über acht Länder verteilt, und trotzdem fühlt es sich an wie ein kleines Team, das sich wirklich mag.',
    author: 'Jordan Ellis',
    role: 'Backend-Entwicklung, Toronto',
    avatar: '/images/avatars/jordan.svg',
  },
];
