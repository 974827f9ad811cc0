import { DEFAULT_LANGUAGE, type Language } from './languages.js';

/**
 * The web pages that mails link to and that the services send people to. The web app's route table uses the same
 * values, so a page cannot move without its links.
 */
export const WEB_PATHS = {
  waitlist: '/waitlist',
  /** POSTs the token on load: a scanner that only fetches the link confirms nobody. */
  confirm: '/confirm',
  unsubscribe: '/unsubscribe',
  /** Welcomes an invited person (store badges) and accepts the invitation with one click (a POST). */
  invitation: '/invitation',
  /** Ask for a link to one's data; the same page, opened from that link, shows, exports and erases it. */
  yourData: '/your-data',
  /** The staff panel's messages from the contact form; the mail to SUPPORT_EMAIL links to the message's own page. */
  staffMessages: '/admin/messages',
  /** The staff panel's dashboard: the mails to admins about a city awaiting its opening link there. */
  staffDashboard: '/admin',
  /** The admins' webhook endpoints and their delivery logs. */
  staffWebhooks: '/admin/settings/webhooks',
} as const;

/**
 * Where the public pages in `language` live, for a link to one of them: the site's origin for the default language,
 * its prefix under it for the others (`https://…/de`), so a German entry's mail opens German pages.
 */
export function pagesUrl(publicUrl: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? publicUrl : `${publicUrl}/${language}`;
}

/** The API path a mail's `List-Unsubscribe` header names (RFC 8058 one-click POST; a GET redirects to the page). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/waitlist/unsubscribe';

function withToken(base: string, path: string, token: string): string {
  return `${base}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * Links in a mail, from the site's public origin (no trailing slash); a page's link from `pagesUrl(origin, language)`
 * opens it in the reader's language (the one-click unsubscribe is an API path and takes the origin itself).
 */
export const mailLinks = {
  confirm: (publicUrl: string, token: string) => withToken(publicUrl, WEB_PATHS.confirm, token),
  unsubscribePage: (publicUrl: string, token: string) => withToken(publicUrl, WEB_PATHS.unsubscribe, token),
  oneClickUnsubscribe: (publicUrl: string, token: string) => withToken(publicUrl, ONE_CLICK_UNSUBSCRIBE_PATH, token),
  invitation: (publicUrl: string, token: string) => withToken(publicUrl, WEB_PATHS.invitation, token),
  /** The page every mail's footer names (no token: anyone may ask there for a link to their data). */
  yourDataPage: (publicUrl: string) => `${publicUrl}${WEB_PATHS.yourData}`,
  /** The single-use link of the data-access mail. */
  yourData: (publicUrl: string, token: string) => withToken(publicUrl, WEB_PATHS.yourData, token),
  /** A contact message in the staff panel (staff sign in to open it). */
  staffMessage: (publicUrl: string, messageId: string) =>
    `${publicUrl}${WEB_PATHS.staffMessages}/${encodeURIComponent(messageId)}`,
  /** A ticket for a friend (decision 036): the waitlist page, carrying the ticket into the sign-up. */
  ticket: (publicUrl: string, code: string) => `${publicUrl}${WEB_PATHS.waitlist}?ticket=${encodeURIComponent(code)}`,
  /** The staff panel's dashboard (staff sign in to open it). */
  staffDashboard: (publicUrl: string) => `${publicUrl}${WEB_PATHS.staffDashboard}`,
  /** The share link that pre-fills "Referral code". */
  share: (publicUrl: string, code: string) => `${publicUrl}${WEB_PATHS.waitlist}?ref=${encodeURIComponent(code)}`,
};
