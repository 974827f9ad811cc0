export interface Step {
  title: string;
  description: string;
  icon: 'userPlus' | 'sparkles' | 'chat';
}

/** The three How It Works steps of the About page. */
export const steps: readonly Step[] = [
  {
    title: 'Create your profile',
    description:
      'Add a few photos, share your interests and say what you are looking for, from a new friend to a life partner. It takes under 5 minutes.',
    icon: 'userPlus',
  },
  {
    title: 'Get smart matches',
    description:
      'Our matching looks at interests, values and relationship goals, not just looks, and suggests people you are likely to click with.',
    icon: 'sparkles',
  },
  {
    title: 'Connect and chat',
    description:
      'Say hello when you both like each other. Chat safely in the app, take your time, and meet when it feels right.',
    icon: 'chat',
  },
];
