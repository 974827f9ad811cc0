/** The one route table: every link and route in the app uses these. */
export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  terms: '/terms',
  cookiePolicy: '/cookie-policy',
  faqs: '/faqs',
  teams: '/teams',
  waitlist: '/waitlist',
  confirm: '/confirm',
  unsubscribe: '/unsubscribe',
  admin: {
    root: '/admin',
    login: '/admin/login',
    users: '/admin/users',
    analytics: '/admin/analytics',
    settings: '/admin/settings',
  },
} as const;
