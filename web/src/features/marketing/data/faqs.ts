export interface Faq {
  question: string;
  answer: string;
}

/** The six questions of the FAQ page. */
export const faqs: readonly Faq[] = [
  {
    question: 'What is Meet Match Date Marry?',
    answer:
      'Meet Match Date Marry is a dating and friendships app for people who want more than endless swiping. We match you on interests, values and relationship goals so you can have honest conversations and build meaningful bonds, whether you are looking for a date, a partner or a friend.',
  },
  {
    question: 'How does the matching work?',
    answer:
      'When you create your profile you tell us about your interests, your values and what kind of relationship you want. Our matching algorithm weighs all of that, learns from the profiles you like and pass on, and suggests people you are likely to get along with.',
  },
  {
    question: 'Is Meet Match Date Marry free?',
    answer:
      'Yes. Creating a profile, matching and chatting are free. Premium, from $9.99/month, adds extras such as seeing who liked you, unlimited likes and advanced filters. You can cancel any time and keep premium until the end of the period you paid for.',
  },
  {
    question: 'How far away can my matches be?',
    answer:
      'You choose. Set your distance preference anywhere from 1 to 100 miles and change it whenever you like, for example when you travel or move.',
  },
  {
    question: 'How long does it take to set up an account?',
    answer:
      'Under 5 minutes. Add a few photos, pick your interests and say what you are looking for, and you are ready to see your first matches.',
  },
  {
    question: 'How do you keep members safe?',
    answer:
      'Every member must be 18 or older. We offer profile verification, let you block and report anyone in one tap, and our moderation team reviews reports around the clock. We never sell your personal data.',
  },
];
