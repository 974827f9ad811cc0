/** The longest address SMTP carries (RFC 5321 4.5.3.1: a 256-octet path less its angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * A referral code as `?ref=` and the "Referral code" field carry it: letters, digits, `-` and `_`. 64 characters,
 * not our own codes' length: a share link may come from a campaign whose code someone else chose, and a longer code
 * costs nothing to store.
 */
export const REFERRAL_CODE_MAX_LENGTH = 64;
export const REFERRAL_CODE_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${REFERRAL_CODE_MAX_LENGTH}}$`);

/**
 * A ticket for friends' code (`?ticket=`), as a mail token travels: 32 bytes, base64url (43 characters). Here, beside
 * the referral code's pattern, so the waitlist page can check a ticket link without loading zod.
 */
export const TICKET_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Shorter search terms cannot use the trigram index (a trigram is three characters), so they would read the whole
 * list: the service refuses them and the panel waits for the third character before it searches.
 */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 254;

/** NIST SP 800-63B: length over composition rules; the upper bound keeps hashing cost bounded. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 256;

/**
 * The contact form: a name as people write theirs, and a message of a few paragraphs. A message this long stays within
 * the 16 kB body nginx accepts even when every character takes three bytes (most scripts outside Latin), with the
 * proof of work and the JSON around it.
 */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 4000;

/** Pages of staff lists (entries, audit logs). */
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 50;

/** The longest period the analytics screen asks for at once. */
export const ANALYTICS_MAX_PERIOD_DAYS = 366;

/** The name of the form's hidden field (a honeypot): people never see it, form-filling scripts fill it in. */
export const HONEYPOT_FIELD = 'website';
