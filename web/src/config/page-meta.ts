import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@mmdm/contracts/languages';
import { i18n } from '../lib/i18n/i18n.js';
import { languageOfPath, localizedPath, unprefixedPath } from '../lib/i18n/page-language.js';
import { publicEnv } from './public-env.js';
import { paths } from './paths.js';

export interface PageMeta {
  title: string;
  description: string;
  /** Left out of sitemap.xml and marked noindex (pages only reached from an e-mail, the 404). */
  noindex?: boolean;
}

/**
 * Title and description of every pre-rendered page, keyed by unprefixed path, in the active language (the page's:
 * the server's <head> and the client's updates both run after its catalogue is active). A function, not a table, so
 * each text is looked up in the language active when it is asked for.
 */
function pageMeta(): Readonly<Record<string, PageMeta>> {
  return {
    [paths.home]: {
      title: i18n._({
        id: 'web.meta.home.title',
        message: 'Meet Match Date Marry – The future of Dating and Friendships',
      }),
      description: i18n._({
        id: 'web.meta.home.description',
        message:
          'Find your perfect match. Meet Match Date Marry pairs you on interests, values and relationship goals for honest conversations and meaningful bonds. Join the waitlist.',
      }),
    },
    [paths.about]: {
      title: i18n._({ id: 'web.meta.about.title', message: 'About us – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.about.description',
        message:
          'Our mission is to help people build meaningful relationships. See how it works: create a profile, get smart matches, connect and chat.',
      }),
    },
    [paths.contact]: {
      title: i18n._({ id: 'web.meta.contact.title', message: 'Contact us – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.contact.description',
        message:
          'Questions, ideas or press enquiries? Get in touch with the Meet Match Date Marry team by message, e-mail or phone.',
      }),
    },
    [paths.privacyPolicy]: {
      title: i18n._({ id: 'web.meta.privacyPolicy.title', message: 'Privacy Policy – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.privacyPolicy.description',
        message:
          'How Meet Match Date Marry collects, uses, keeps and protects your personal data, and the rights you have over it.',
      }),
    },
    [paths.terms]: {
      title: i18n._({ id: 'web.meta.terms.title', message: 'Terms & Conditions – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.terms.description',
        message:
          'The terms for using Meet Match Date Marry: eligibility, accounts, conduct, subscriptions, billing, refunds and more.',
      }),
    },
    [paths.cookiePolicy]: {
      title: i18n._({ id: 'web.meta.cookiePolicy.title', message: 'Cookie Policy – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.cookiePolicy.description',
        message:
          'Which cookies and similar technologies Meet Match Date Marry uses, why, for how long, and how to control them.',
      }),
    },
    [paths.faqs]: {
      title: i18n._({ id: 'web.meta.faqs.title', message: 'FAQs – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.faqs.description',
        message:
          'Answers to common questions about Meet Match Date Marry: matching, safety, premium pricing, distance settings and getting started.',
      }),
    },
    [paths.teams]: {
      title: i18n._({ id: 'web.meta.teams.title', message: 'Our team – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.teams.description',
        message:
          'Meet the people behind Meet Match Date Marry: 25+ team members in 8 countries, building a kinder way to meet.',
      }),
    },
    [paths.waitlist]: {
      title: i18n._({ id: 'web.meta.waitlist.title', message: 'Join the waitlist – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.waitlist.description',
        message:
          'Be among the first to try Meet Match Date Marry. Join 10,000+ early signups on a privacy-first platform, launching soon.',
      }),
    },
    [paths.confirm]: {
      title: i18n._({ id: 'web.meta.confirm.title', message: 'Confirm your e-mail address – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.confirm.description',
        message: 'Confirm your place on the Meet Match Date Marry waitlist.',
      }),
      noindex: true,
    },
    [paths.invitation]: {
      title: i18n._({ id: 'web.meta.invitation.title', message: 'Your invitation – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.invitation.description',
        message: 'Accept your invitation to Meet Match Date Marry and get the app.',
      }),
      noindex: true,
    },
    [paths.yourData]: {
      title: i18n._({ id: 'web.meta.yourData.title', message: 'Your data – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.yourData.description',
        message: 'See, download or erase everything the Meet Match Date Marry waitlist holds about you.',
      }),
      noindex: true,
    },
    [paths.unsubscribe]: {
      title: i18n._({ id: 'web.meta.unsubscribe.title', message: 'Unsubscribe – Meet Match Date Marry' }),
      description: i18n._({
        id: 'web.meta.unsubscribe.description',
        message: 'Stop e-mails from Meet Match Date Marry.',
      }),
      noindex: true,
    },
  };
}

/** The not-found page's title and description, in the active language. */
export function notFoundMeta(): PageMeta {
  return {
    title: i18n._({ id: 'web.meta.notFound.title', message: 'Page not found – Meet Match Date Marry' }),
    description: i18n._({
      id: 'web.meta.notFound.description',
      message: 'The page you were looking for does not exist.',
    }),
    noindex: true,
  };
}

/**
 * The link preview's picture described (og:image:alt, twitter:image:alt) in the active language. The picture is the
 * same on every page (its words are the English brand line); a reader's description of it is in their page's language.
 */
export function previewImageAlt(): string {
  return i18n._({
    id: 'web.meta.image.alt',
    message: 'Meet Match Date Marry: the future of Dating and Friendships. Join the waitlist, launching soon.',
  });
}

/** A page's title and description in the active language, by its path in any language (`/es/waitlist`). */
export function metaFor(pathname: string): PageMeta {
  return pageMeta()[normalizePath(unprefixedPath(normalizePath(pathname)))] ?? notFoundMeta();
}

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The one URL of a page in its language: `/`, `/about`, `/es/` (a language's home keeps its slash), `/es/about`. */
export function canonicalUrl(pathname: string): string {
  const language = languageOfPath(pathname);
  const path = normalizePath(unprefixedPath(normalizePath(pathname)));
  return `${publicEnv.publicUrl}${localizedPath(path, language)}`;
}

/**
 * The page in every language (hreflang alternates, Google's "Tell Google about localized versions"), and
 * `x-default`, the English page, for a reader whose language none of them is.
 */
export function alternateUrls(pathname: string): { hreflang: Language | 'x-default'; href: string }[] {
  const path = normalizePath(unprefixedPath(normalizePath(pathname)));
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: canonicalUrl(localizedPath(path, language)) })),
    { hreflang: 'x-default' as const, href: canonicalUrl(localizedPath(path, DEFAULT_LANGUAGE)) },
  ];
}
