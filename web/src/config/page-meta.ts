import { publicEnv } from './public-env.js';
import { paths } from './paths.js';

export interface PageMeta {
  title: string;
  description: string;
  /** Left out of sitemap.xml and marked noindex (pages only reached from an e-mail, the 404). */
  noindex?: boolean;
}

const brand = 'Meet Match Date Marry';

/** Title and description of every pre-rendered page, keyed by path: the server's <head> and the client's updates. */
export const pageMeta: Readonly<Record<string, PageMeta>> = {
  [paths.home]: {
    title: `${brand} – The future of Dating and Friendships`,
    description:
      'Find your perfect match. Meet Match Date Marry pairs you on interests, values and relationship goals for honest conversations and meaningful bonds. Join the waitlist.',
  },
  [paths.about]: {
    title: `About us – ${brand}`,
    description:
      'Our mission is to help people build meaningful relationships. See how it works: create a profile, get smart matches, connect and chat.',
  },
  [paths.contact]: {
    title: `Contact us – ${brand}`,
    description:
      'Questions, ideas or press enquiries? Get in touch with the Meet Match Date Marry team by message, e-mail or phone.',
  },
  [paths.privacyPolicy]: {
    title: `Privacy Policy – ${brand}`,
    description:
      'How Meet Match Date Marry collects, uses, keeps and protects your personal data, and the rights you have over it.',
  },
  [paths.terms]: {
    title: `Terms & Conditions – ${brand}`,
    description:
      'The terms for using Meet Match Date Marry: eligibility, accounts, conduct, subscriptions, billing, refunds and more.',
  },
  [paths.cookiePolicy]: {
    title: `Cookie Policy – ${brand}`,
    description:
      'Which cookies and similar technologies Meet Match Date Marry uses, why, for how long, and how to control them.',
  },
  [paths.faqs]: {
    title: `FAQs – ${brand}`,
    description:
      'Answers to common questions about Meet Match Date Marry: matching, safety, premium pricing, distance settings and getting started.',
  },
  [paths.teams]: {
    title: `Our team – ${brand}`,
    description:
      'Meet the people behind Meet Match Date Marry: 25+ team members in 8 countries, building a kinder way to meet.',
  },
  [paths.waitlist]: {
    title: `Join the waitlist – ${brand}`,
    description:
      'Be among the first to try Meet Match Date Marry. Join 10,000+ early signups on a privacy-first platform, launching soon.',
  },
  [paths.confirm]: {
    title: `Confirm your e-mail address – ${brand}`,
    description: 'Confirm your place on the Meet Match Date Marry waitlist.',
    noindex: true,
  },
  [paths.invitation]: {
    title: `Your invitation – ${brand}`,
    description: 'Accept your invitation to Meet Match Date Marry and get the app.',
    noindex: true,
  },
  [paths.yourData]: {
    title: `Your data – ${brand}`,
    description: 'See, download or erase everything the Meet Match Date Marry waitlist holds about you.',
    noindex: true,
  },
  [paths.unsubscribe]: {
    title: `Unsubscribe – ${brand}`,
    description: 'Stop e-mails from Meet Match Date Marry.',
    noindex: true,
  },
};

export const notFoundMeta: PageMeta = {
  title: `Page not found – ${brand}`,
  description: 'The page you were looking for does not exist.',
  noindex: true,
};

export function metaFor(pathname: string): PageMeta {
  return pageMeta[normalizePath(pathname)] ?? notFoundMeta;
}

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function canonicalUrl(pathname: string): string {
  const path = normalizePath(pathname);
  return `${publicEnv.publicUrl}${path === '/' ? '/' : path}`;
}
