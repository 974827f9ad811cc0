// The "Your data" page: asking for a link to one's data, opening it, erasing everything. What the service accepts and
// answers, and what the public page sends and reads. zod/mini, like ./waitlist (the public pages bundle it).
import { z } from 'zod/mini';
import { LANGUAGES } from './languages.js';
import { emailAddress } from './email.js';
import { TOKEN_PATTERN } from './waitlist.js';

/** The link in the mail works once, and for at most this long after the mail was made. */
export const DATA_LINK_TTL_MINUTES = 60;
/** After opening the link, the page may erase within this long (the session the open answer carries). */
export const DATA_SESSION_TTL_MINUTES = 15;

const objectError = (example: string) => (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown field${(issue.keys?.length ?? 0) > 1 ? 's' : ''}: ${issue.keys?.join(', ')}.`
    : `Send a JSON object like ${example}.`;

const secret = (name: string) =>
  z
    .string({ error: `A ${name} is required.` })
    .check(z.regex(TOKEN_PATTERN, 'The link is incomplete or damaged. Open it again from the e-mail.'));

/** POST /waitlist/data-access: `{email}`; unknown fields are refused. */
export const dataAccessBody = z.strictObject(
  { email: emailAddress({ deliverable: true }) },
  { error: objectError('{"email": "name@example.com"}') },
);
export type DataAccessBody = z.output<typeof dataAccessBody>;

/** POST /waitlist/your-data/open: the token of the mail's link. */
export const dataOpenBody = z.strictObject({ token: secret('token') }, { error: objectError('{"token": "..."}') });

/** POST /waitlist/your-data/erase: the session the open answer gave. */
export const dataEraseBody = z.strictObject(
  { session: secret('session') },
  { error: objectError('{"session": "..."}') },
);

const timestamp = z.nullable(z.string());

/**
 * A referral credit as the person sees it: its state and why (`reason`; `rule` names the check that held it), and
 * who decided it (`staff` after a review or a revocation, `automatic` by the rules), never the other person.
 */
const creditData = z.object({
  state: z.string(),
  reason: z.string(),
  rule: z.nullable(z.string()),
  at: z.string(),
  decidedAt: timestamp,
  decidedBy: z.nullable(z.enum(['staff', 'automatic'])),
});

/** Everything the waitlist holds about one person, as the page shows it and the JSON download contains it. */
export const personalData = z.object({
  exportedAt: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'invited', 'admitted', 'unsubscribed']),
  signedUpAt: z.string(),
  confirmedAt: timestamp,
  unsubscribedAt: timestamp,
  invitedAt: timestamp,
  admittedAt: timestamp,
  /** When the last mail to the address was queued (the unconfirmed retention counts from here). */
  lastMailQueuedAt: timestamp,
  /** When the place link was last mailed again, to a sign-up of this confirmed address (at most once per 10 minutes). */
  placeLinkQueuedAt: timestamp,
  updatedAt: z.string(),
  /** The referral code typed at sign-up, if any. */
  referralSource: z.nullable(z.string()),
  /** The person's own code to share (confirmed addresses). */
  referralCode: z.nullable(z.string()),
  /** Place in line, when the entry holds one. */
  place: z.nullable(z.number()),
  city: z.nullable(z.string()),
  cityOther: z.boolean(),
  /** The language the person's mails are written in. */
  language: z.enum(LANGUAGES),
  credits: z.object({
    /** The credit this sign-up gave to whoever referred it (never who that was: their address is theirs). */
    given: z.nullable(creditData),
    /** Credits from people who signed up with this person's code (each without who it was). */
    received: z.array(creditData),
    /** Granted credits counted towards the place. */
    granted: z.number(),
  }),
  /**
   * The abuse checks' review of the sign-up: `flagged` (with the checks' reasons) waits for staff; `approved` and
   * `rejected` are staff's decision (a rejected sign-up holds no place). Null: never flagged.
   */
  review: z.nullable(z.object({ state: z.enum(['flagged', 'approved', 'rejected']), reasons: z.array(z.string()) })),
  /** The invitation wave that invited the person: its number, when staff sent it, and its city if it had one. */
  invitationWave: z.nullable(z.object({ id: z.number(), at: z.string(), city: z.nullable(z.string()) })),
  consent: z.object({
    at: z.string(),
    /** Version (hash) of the privacy policy text shown at sign-up; null for sign-ups from before it was recorded. */
    policyVersion: z.nullable(z.string()),
  }),
  /**
   * Tickets for friends (decision 036): those given to this member, each `open`, `used` (when, never by whom) or
   * `revoked`; and the ticket this person used, if any (`held`: a referral rule held it, so it did not put them
   * first). Absent in answers from before tickets existed.
   */
  tickets: z.optional(
    z.object({
      given: z.array(z.object({ state: z.enum(['open', 'used', 'revoked']), usedAt: timestamp })),
      used: z.nullable(z.object({ at: z.string(), held: z.boolean(), revoked: z.boolean() })),
    }),
  ),
  /** Whether the address is on the list of addresses never mailed, and why. */
  suppression: z.nullable(z.object({ reason: z.string(), since: z.string() })),
  mails: z.array(z.object({ kind: z.string(), queuedAt: z.string(), sentAt: timestamp })),
  /** What was written to us through the contact form from this address, until the retention erases it. */
  messages: z.array(z.object({ receivedAt: z.string(), name: z.string(), message: z.string() })),
  /**
   * What the person said on their status page for balanced invitations (decision 035), shown to them alone; null when
   * nothing is kept (never given, withdrawn, or erased at invitation). Identity or seeking null: kept, but it cannot be
   * opened with the service's key.
   */
  balance: z.optional(
    z.nullable(z.object({ given: z.boolean(), identity: z.nullable(z.string()), seeking: z.nullable(z.string()) })),
  ),
});
export type PersonalData = z.infer<typeof personalData>;

/** 200 of POST /waitlist/your-data/open. */
export const dataOpenAnswer = z.object({
  success: z.literal(true),
  data: personalData,
  /** For the erasure, valid DATA_SESSION_TTL_MINUTES; shown to nobody, kept by the page in memory. */
  session: z.string(),
  sessionExpiresAt: z.string(),
});
export type DataOpenAnswer = z.infer<typeof dataOpenAnswer>;
