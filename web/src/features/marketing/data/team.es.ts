import type { EmployeeQuote, TeamMember, Value } from './team.js';

export const leadership: readonly TeamMember[] = [
  {
    name: 'Sofia Marin',
    position: 'Cofundadora y CEO',
    description:
      'Pasó diez años creando comunidades en línea y conoció a su marido a través de un amigo de un amigo. Quiere que todo el mundo tenga esa suerte, por diseño.',
    image: '/images/team/sofia.svg',
    roleColor: 'rose',
    social: { linkedin: 'https://www.linkedin.com/in/sofia-marin-mmdm', twitter: 'https://x.com/sofiamarin' },
  },
  {
    name: 'Marcus Bell',
    position: 'Cofundador y CTO',
    description:
      'Dirigió equipos de recomendación en dos aplicaciones de consumo. Cree que un buen match nace de compartir valores, no de mantener a la gente deslizando.',
    image: '/images/team/marcus.svg',
    roleColor: 'indigo',
    social: { linkedin: 'https://www.linkedin.com/in/marcus-bell-mmdm', github: 'https://github.com/marcusbell' },
  },
  {
    name: 'Aiko Tanaka',
    position: 'Directora de Confianza y Seguridad',
    description:
      'Antes investigaba la seguridad en internet. Crea las herramientas de verificación, denuncia y moderación que mantienen amable a nuestra comunidad.',
    image: '/images/team/aiko.svg',
    roleColor: 'emerald',
    social: { linkedin: 'https://www.linkedin.com/in/aiko-tanaka-mmdm', twitter: 'https://x.com/aikotanaka' },
  },
];

export const values: readonly Value[] = [
  {
    title: 'Autenticidad',
    description:
      'Personas reales, perfiles reales y conversaciones sinceras. Creamos para quien eres, no para quien finges ser.',
    icon: 'heart',
  },
  {
    title: 'Innovación',
    description:
      'Replanteamos cómo se conoce la gente y usamos la tecnología para unir a las personas en lugar de tenerlas deslizando sin parar.',
    icon: 'lightbulb',
  },
  {
    title: 'Empatía',
    description:
      'Buscar el amor puede ser difícil. Diseñamos cada función cuidando los sentimientos de quienes están a ambos lados de la pantalla.',
    icon: 'handHeart',
  },
];

export const employeeQuotes: readonly EmployeeQuote[] = [
  {
    quote:
      'Cada semana leemos mensajes de miembros que han encontrado a alguien. Nunca cansa, y hace que los días difíciles sean fáciles.',
    author: 'Lucas Moreau',
    role: 'Diseñador de producto, Lisboa',
    avatar: '/images/avatars/lucas.svg',
  },
  {
    quote:
      'Es el primer sitio en el que he trabajado donde la seguridad es una función que lanzamos, no una casilla que marcamos.',
    author: 'Mei Chen',
    role: 'Analista de Confianza y Seguridad, Singapur',
    avatar: '/images/avatars/mei.svg',
  },
  {
    quote:
      'Estamos repartidos por ocho países y, aun así, parecemos un equipo pequeño en el que todos nos llevamos de maravilla.',
    author: 'Jordan Ellis',
    role: 'Desarrollo backend, Toronto',
    avatar: '/images/avatars/jordan.svg',
  },
];
