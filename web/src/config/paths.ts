import { WEB_PATHS } from '@mmdm/contracts/web-paths';

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
  // Pages that mails link to: their paths are part of the contract with the services.
  waitlist: WEB_PATHS.waitlist,
  confirm: WEB_PATHS.confirm,
  unsubscribe: WEB_PATHS.unsubscribe,
  invitation: WEB_PATHS.invitation,
  yourData: WEB_PATHS.yourData,
  admin: {
    root: '/admin',
    login: '/admin/login',
    users: '/admin/users',
    analytics: '/admin/analytics',
    launch: '/admin/launch',
    /** The contact form's messages; one message at `${messages}/:id` (the support mail links there). */
    messages: WEB_PATHS.staffMessages,
    settings: '/admin/settings',
    /** Settings › Review: the review queue (its count shows in the side menu and on the dashboard). */
    review: '/admin/settings/review',
  },
} as const;
