export interface TeamMember {
  name: string;
  position: string;
  description: string;
  image: string;
  /** Accent of the card, by the member's area. */
  roleColor: 'rose' | 'indigo' | 'emerald';
  social: { linkedin?: string; twitter?: string; github?: string };
}

export const leadership: readonly TeamMember[] = [
  {
    name: 'Sofia Marin',
    position: 'Co-founder & CEO',
    description:
      'Spent ten years building communities online and met her husband through a friend of a friend. Wants everyone to have that luck, by design.',
    image: '/images/team/sofia.svg',
    roleColor: 'rose',
    social: { linkedin: 'https://www.linkedin.com/in/sofia-marin-mmdm', twitter: 'https://x.com/sofiamarin' },
  },
  {
    name: 'Marcus Bell',
    position: 'Co-founder & CTO',
    description:
      'Led recommendation teams at two consumer apps. Believes a good match comes from shared values, not from keeping people scrolling.',
    image: '/images/team/marcus.svg',
    roleColor: 'indigo',
    social: { linkedin: 'https://www.linkedin.com/in/marcus-bell-mmdm', github: 'https://github.com/marcusbell' },
  },
  {
    name: 'Aiko Tanaka',
    position: 'Head of Trust & Safety',
    description:
      'Former online-safety researcher. Builds the verification, reporting and moderation tools that keep our community kind.',
    image: '/images/team/aiko.svg',
    roleColor: 'emerald',
    social: { linkedin: 'https://www.linkedin.com/in/aiko-tanaka-mmdm', twitter: 'https://x.com/aikotanaka' },
  },
];

export interface Value {
  title: string;
  description: string;
  icon: 'heart' | 'lightbulb' | 'handHeart';
}

export const values: readonly Value[] = [
  {
    title: 'Authenticity',
    description:
      'Real people, real profiles and honest conversations. We build for who you are, not who you pretend to be.',
    icon: 'heart',
  },
  {
    title: 'Innovation',
    description:
      'We rethink how people meet, using technology to bring people together instead of keeping them swiping.',
    icon: 'lightbulb',
  },
  {
    title: 'Empathy',
    description:
      'Looking for love can be hard. We design every feature with care for the feelings on both sides of the screen.',
    icon: 'handHeart',
  },
];

export interface EmployeeQuote {
  quote: string;
  author: string;
  role: string;
  avatar: string;
}

export const employeeQuotes: readonly EmployeeQuote[] = [
  {
    quote:
      'Every week we read messages from members who found someone. It never gets old, and it makes the hard days easy.',
    author: 'Lucas Moreau',
    role: 'Product Designer, Lisbon',
    avatar: '/images/avatars/lucas.svg',
  },
  {
    quote: 'This is the first place I have worked where safety is a feature we ship, not a box we tick.',
    author: 'Mei Chen',
    role: 'Trust & Safety Analyst, Singapore',
    avatar: '/images/avatars/mei.svg',
  },
  {
    quote: 'We are spread over eight countries, yet it feels like one small team that really likes each other.',
    author: 'Jordan Ellis',
    role: 'Backend Engineer, Toronto',
    avatar: '/images/avatars/jordan.svg',
  },
];
