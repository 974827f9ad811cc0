export interface Feature {
  title: string;
  description: string;
  icon: 'heart' | 'users' | 'shield' | 'sparkles';
}

/** The four "Why Choose" cards of the home page. */
export const features: readonly Feature[] = [
  {
    title: 'Meaningful Connections',
    description:
      'Profiles built around values, interests and what you are really looking for, so every conversation starts on common ground.',
    icon: 'heart',
  },
  {
    title: 'Diverse Community',
    description:
      'People of every background, orientation and walk of life, looking for love, friendship or both. Everyone is welcome.',
    icon: 'users',
  },
  {
    title: 'Safe & Secure',
    description:
      'Profile verification, easy reporting and blocking, and a moderation team that acts fast. Your data stays yours.',
    icon: 'shield',
  },
  {
    title: 'Personalized Matches',
    description:
      'Our matching algorithm learns from your interests, values and relationship goals to suggest people worth meeting.',
    icon: 'sparkles',
  },
];
