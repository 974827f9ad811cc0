export interface Testimonial {
  quote: string;
  author: string;
  detail: string;
  avatar: string;
}

/** The three fixed quotes of the testimonials section. */
export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'I was tired of swiping on photos. Here the first thing I saw was what we both cared about, and our first conversation lasted three hours.',
    author: 'Amara O.',
    detail: 'Matched with Daniel, together 8 months',
    avatar: '/images/avatars/amara.svg',
  },
  {
    quote:
      "It's the first app where I felt safe being myself. The verification and the way people treat each other here make all the difference.",
    author: 'Daniel K.',
    detail: 'Found a partner and two close friends',
    avatar: '/images/avatars/daniel.svg',
  },
  {
    quote:
      'We both wrote that we wanted something real. The match suggestion was spot on, and next spring we are getting married.',
    author: 'Priya S.',
    detail: 'Engaged after meeting through the beta',
    avatar: '/images/avatars/priya.svg',
  },
];
