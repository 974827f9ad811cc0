import type { EmployeeQuote, TeamMember, Value } from './team.js';

export const leadership: readonly TeamMember[] = [
  {
    name: 'Sofia Marin',
    position: 'Cofondatrice et PDG',
    description:
      'A passé dix ans à bâtir des communautés en ligne et a rencontré son mari par l’ami d’un ami. Elle veut que chacun ait cette chance, à dessein.',
    image: '/images/team/sofia.svg',
    roleColor: 'rose',
    social: { linkedin: 'https://www.linkedin.com/in/sofia-marin-mmdm', twitter: 'https://x.com/sofiamarin' },
  },
  {
    name: 'Marcus Bell',
    position: 'Cofondateur et directeur technique',
    description:
      'A dirigé des équipes de recommandation dans deux applications grand public. Il est convaincu qu’un bon match naît de valeurs partagées, pas d’un défilement sans fin.',
    image: '/images/team/marcus.svg',
    roleColor: 'indigo',
    social: { linkedin: 'https://www.linkedin.com/in/marcus-bell-mmdm', github: 'https://github.com/marcusbell' },
  },
  {
    name: 'Aiko Tanaka',
    position: 'Responsable Confiance et Sécurité',
    description:
      'Ancienne chercheuse en sécurité en ligne. Elle conçoit les outils de vérification, de signalement et de modération qui préservent la bienveillance de notre communauté.',
    image: '/images/team/aiko.svg',
    roleColor: 'emerald',
    social: { linkedin: 'https://www.linkedin.com/in/aiko-tanaka-mmdm', twitter: 'https://x.com/aikotanaka' },
  },
];

export const values: readonly Value[] = [
  {
    title: 'Authenticité',
    description:
      'De vraies personnes, de vrais profils et des conversations sincères. Nous concevons pour la personne que vous êtes, pas pour celle que vous prétendez être.',
    icon: 'heart',
  },
  {
    title: 'Innovation',
    description:
      'Nous repensons la façon dont les gens se rencontrent, en utilisant la technologie pour les rapprocher plutôt que pour les faire défiler sans fin.',
    icon: 'lightbulb',
  },
  {
    title: 'Empathie',
    description:
      'Chercher l’amour peut être difficile. Nous concevons chaque fonctionnalité avec égard pour les sentiments de chacun, des deux côtés de l’écran.',
    icon: 'handHeart',
  },
];

export const employeeQuotes: readonly EmployeeQuote[] = [
  {
    quote:
      'Chaque semaine, nous lisons des messages de membres qui ont trouvé quelqu’un. On ne s’en lasse jamais, et cela rend les jours difficiles plus légers.',
    author: 'Lucas Moreau',
    role: 'Designer produit, Lisbonne',
    avatar: '/images/avatars/lucas.svg',
  },
  {
    quote:
      'C’est le premier endroit où je travaille où la sécurité est une fonctionnalité que nous livrons, et non une case que l’on coche.',
    author: 'Mei Chen',
    role: 'Analyste Confiance et Sécurité, Singapour',
    avatar: '/images/avatars/mei.svg',
  },
  {
    quote:
      'Nous sommes répartis dans huit pays, et pourtant on a l’impression d’être une petite équipe où tout le monde s’apprécie vraiment.',
    author: 'Jordan Ellis',
    role: 'Développement backend, Toronto',
    avatar: '/images/avatars/jordan.svg',
  },
];
