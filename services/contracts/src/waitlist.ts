// The public waitlist API (sign-up, confirm, resend, unsubscribe): what the service accepts and answers, and what
// the public pages send and read. zod/mini: the public pages bundle these, and every byte there counts.
import { z } from 'zod/mini';
import { emailAddress } from './email.js';
import { languageSchema } from './language-schema.js';
import { HONEYPOT_FIELD, REFERRAL_CODE_MAX_LENGTH, REFERRAL_CODE_PATTERN } from './limits.js';

/** The shape of a confirmation or unsubscribe token: 32 random bytes, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The proof-of-work solution: base64 of the ALTCHA payload `{challenge, solution}` (about 800 characters). */
export const CHALLENGE_SOLUTION_MAX_LENGTH = 3000;
/** The form's hidden field (a honeypot), named in limits.ts so a page can name it without the schemas. */
export { HONEYPOT_FIELD };

export const referralCode = z
  .string({ error: 'The referral code must be text.' })
  .check(
    z.regex(
      REFERRAL_CODE_PATTERN,
      `The referral code may only hold up to ${REFERRAL_CODE_MAX_LENGTH} letters, digits, - and _.`,
    ),
  );

/**
 * POST /waitlist: `{email}` or `{email, referralSource}`, optionally with a friend's `ticket`; unknown fields are refused. `altcha` carries the proof of
 * work when the service asks for one (GET /waitlist/challenge); `website` is the form's hidden honeypot field.
 */
export const signupBody = z.strictObject(
  {
    email: emailAddress({ deliverable: true }),
    referralSource: z.optional(referralCode),
    /** The code of a ticket link (`/waitlist?ticket=CODE`): used when the address is confirmed (decision 036). */
    ticket: z.optional(
      z
        .string({ error: 'The ticket must be text.' })
        .check(z.regex(TOKEN_PATTERN, 'The ticket link is incomplete or damaged. Open it again as it was sent.')),
    ),
    altcha: z.optional(
      z
        .string({ error: 'The proof of work must be text.' })
        .check(z.maxLength(CHALLENGE_SOLUTION_MAX_LENGTH, 'The proof of work is too long.')),
    ),
    [HONEYPOT_FIELD]: z.optional(z.string().check(z.maxLength(500))),
    /** The page's language; the entry's mails are written in it. English when left out. */
    language: z.optional(languageSchema),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
        : 'Send a JSON object like {"email": "name@example.com"}.',
  },
);
export type SignupBody = z.input<typeof signupBody>;
export type SignupInput = z.output<typeof signupBody>;

const token = z
  .string({ error: 'A token is required.' })
  .check(z.regex(TOKEN_PATTERN, 'The link is incomplete or damaged. Open it again from the e-mail.'));

/** GET /waitlist/referral?code=: the code of a share link (`/waitlist?ref=CODE`). */
export const referralQuery = z.object({ code: referralCode });

/**
 * 200 of GET /waitlist/referral: `valid` says only whether the code is someone's on the list (confirmed, invited or
 * admitted), never whose, their place or their friends; `boost` is the places a friend who confirms moves its owner up
 * (REFERRAL_BOOST), the same for every code.
 */
export const referralCheck = z.object({ valid: z.boolean(), boost: z.number() });
export type ReferralCheck = z.infer<typeof referralCheck>;
export const referralCheckAnswer = z.object({ data: referralCheck });

/** POST /waitlist/confirm, /waitlist/resend, /waitlist/unsubscribe: `{token}`. */
export const tokenBody = z.strictObject({ token }, { error: 'Send a JSON object like {"token": "..."}.' });

/** GET /waitlist/confirm?token=: the confirmation page's read-only status call. */
export const tokenQuery = z.object({ token });

/** RFC 8058 one-click unsubscribe: the token in the query, the fixed form body. */
export const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/** 200 of POST /waitlist: the same for a new and a known address. */
export const joinAnswer = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
export type JoinAnswer = z.infer<typeof joinAnswer>;

/** `data` of POST /waitlist/confirm's 200, and of its 409 `token_used` (the page still shows the code). */
export const confirmedEntry = z.object({
  email: z.string(),
  referralCode: z.string().check(z.minLength(1)),
  shareUrl: z.url(),
});
export type ConfirmedEntry = z.infer<typeof confirmedEntry>;
// The confirm answers also carry the entry's place: their schemas are in ./launch (`confirmedPlaceAnswer`,
// `confirmLinkAnswer`).

/**
 * 200 of GET /waitlist/challenge: an ALTCHA (v2, deterministic) challenge to solve before sending the form, or null
 * when none is asked for now. `required`: whether a sign-up sent now without a solution would be refused.
 */
export const challengeAnswer = z.object({
  required: z.boolean(),
  challenge: z.nullable(
    z.object({
      parameters: z.looseObject({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
      }),
      signature: z.string(),
    }),
  ),
});
export type ChallengeAnswer = z.infer<typeof challengeAnswer>;

/**
 * `data` of GET /waitlist/unsubscribe/link: the address the link unsubscribes (null once its entry is erased) and
 * whether that is done already (the link was used, or its entry erased). The token is the mail's secret: only its
 * holder learns the address, as the mail itself told them.
 */
export const unsubscribeLink = z.object({ email: z.nullable(z.string()), done: z.boolean() });
export type UnsubscribeLink = z.infer<typeof unsubscribeLink>;
export const unsubscribeLinkAnswer = z.object({ data: unsubscribeLink });

/** 200 of resend and unsubscribe: a sentence, whatever the token (no enumeration). */
export const messageAnswer = z.object({ success: z.literal(true), message: z.optional(z.string()) });

/** Every error answer: `{success:false, code, message}` (+ `issues` for validation, `data` for some). */
export const errorAnswer = z.looseObject({
  success: z.optional(z.literal(false)),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
