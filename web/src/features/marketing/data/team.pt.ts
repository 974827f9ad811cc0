import type { EmployeeQuote, TeamMember, Value } from './team.js';

export const leadership: readonly TeamMember[] = [
  {
    name: 'Sofia Marin',
    position: 'Cofundadora e CEO',
    description:
      'Passou dez anos a criar comunidades online e conheceu o marido através de um amigo de um amigo. Quer que todos tenham essa sorte, de propósito.',
    image: '/images/team/sofia.svg',
    roleColor: 'rose',
    social: { linkedin: 'https://www.linkedin.com/in/sofia-marin-mmdm', twitter: 'https://x.com/sofiamarin' },
  },
  {
    name: 'Marcus Bell',
    position: 'Cofundador e CTO',
    description:
      'Liderou equipas de recomendação em duas aplicações de consumo. Acredita que uma boa correspondência nasce de valores partilhados e não de manter as pessoas a deslizar.',
    image: '/images/team/marcus.svg',
    roleColor: 'indigo',
    social: { linkedin: 'https://www.linkedin.com/in/marcus-bell-mmdm', github: 'https://github.com/marcusbell' },
  },
  {
    name: 'Aiko Tanaka',
    position: 'Diretora de Confiança e Segurança',
    description:
      'Antiga investigadora em segurança online. Cria as ferramentas de verificação, denúncia e moderação que mantêm a nossa comunidade cordial.',
    image: '/images/team/aiko.svg',
    roleColor: 'emerald',
    social: { linkedin: 'https://www.linkedin.com/in/aiko-tanaka-mmdm', twitter: 'https://x.com/aikotanaka' },
  },
];

export const values: readonly Value[] = [
  {
    title: 'Autenticidade',
    description:
      'Pessoas reais, perfis reais e conversas sinceras. Criamos para quem cada pessoa é, e não para quem finge ser.',
    icon: 'heart',
  },
  {
    title: 'Inovação',
    description:
      'Repensamos a forma como as pessoas se conhecem, usando a tecnologia para as aproximar em vez de as manter a deslizar.',
    icon: 'lightbulb',
  },
  {
    title: 'Empatia',
    description:
      'Procurar o amor pode ser difícil. Concebemos cada funcionalidade com atenção aos sentimentos de quem está de ambos os lados do ecrã.',
    icon: 'handHeart',
  },
];

export const employeeQuotes: readonly EmployeeQuote[] = [
  {
    quote:
      'Todas as semanas lemos mensagens de membros que encontraram alguém. Nunca nos cansamos disso, e torna fáceis os dias difíceis.',
    author: 'Lucas Moreau',
    role: 'Designer de produto, Lisboa',
    avatar: '/images/avatars/lucas.svg',
  },
  {
    quote:
      'É o primeiro sítio onde trabalho em que a segurança é uma funcionalidade que lançamos, e não uma formalidade a cumprir.',
    author: 'Mei Chen',
    role: 'Analista de Confiança e Segurança, Singapura',
    avatar: '/images/avatars/mei.svg',
  },
  {
    quote:
      'Estamos espalhados por oito países e, ainda assim, parecemos uma equipa pequena em que todos gostam genuinamente uns dos outros.',
    author: 'Jordan Ellis',
    role: 'Engenharia de backend, Toronto',
    avatar: '/images/avatars/jordan.svg',
  },
];
