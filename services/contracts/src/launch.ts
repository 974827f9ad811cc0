// The public side of places in line, cities and invitations: what the service answers to the holder of a
// confirmation or invitation link, and what the status and invitation pages send. zod/mini, like ./waitlist.
import { z } from 'zod/mini';
import { languageSchema } from './language-schema.js';
import { LANGUAGES } from './languages.js';
import { TOKEN_PATTERN } from './waitlist.js';

const token = z
  .string({ error: 'A token is required.' })
  .check(z.regex(TOKEN_PATTERN, 'The link is incomplete or damaged. Open it again from the e-mail.'));

/** `?token=` of the read-only GETs. */
export const tokenQuery = z.object({ token });

/** POST /waitlist/city: a city from GET /waitlist/cities, `'other'`, or null to say nothing. */
export const cityChoiceBody = z.strictObject(
  {
    token,
    cityId: z.nullable(
      z.union([z.literal('other'), z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))]),
    ),
  },
  { error: 'Send a JSON object like {"token": "...", "cityId": 3}.' },
);
export type CityChoiceBody = z.output<typeof cityChoiceBody>;

/** POST /waitlist/invitation/accept: `{token}`. */
export const invitationTokenBody = z.strictObject({ token }, { error: 'Send a JSON object like {"token": "..."}.' });

/** POST /waitlist/language: the language of the person's mails from now on. */
export const languageChoiceBody = z.strictObject(
  { token, language: languageSchema },
  { error: 'Send a JSON object like {"token": "...", "language": "de"}.' },
);

export const city = z.object({ id: z.number(), name: z.string() });
export type City = z.infer<typeof city>;
/**
 * A city's way to its opening, for a city with a threshold only: people in it (confirmed, invited or admitted, not
 * rejected) and the threshold; `opened` once it opened (then the first wave is on its way).
 */
export const cityProgress = z.object({ confirmed: z.number(), threshold: z.number(), opened: z.boolean() });
export type CityProgress = z.infer<typeof cityProgress>;
export const listedCity = z.object({ id: z.number(), name: z.string(), progress: z.optional(cityProgress) });
export type ListedCity = z.infer<typeof listedCity>;
/** `data` of GET /waitlist/cities. */
export const citiesList = z.object({ cities: z.array(listedCity) });

export const ENTRY_LIFECYCLE = ['pending', 'confirmed', 'invited', 'admitted'] as const;

/**
 * What a confirmation link shows: `data` of GET /waitlist/status, and the fields POST /waitlist/confirm adds to its
 * answer (200, and 409 `token_used`).
 * - `position`: the place in line (1 = next in line); null while pending, and once invited or admitted.
 * - `referralCount`: friends credited (each moved the person `boost` places up).
 * - `boost`: places gained per credited friend (REFERRAL_BOOST).
 * - `city`: the chosen city, null when none; `cityOther`: "other" was chosen.
 */
export const placeStatus = z.object({
  email: z.string(),
  status: z.enum(ENTRY_LIFECYCLE),
  referralCode: z.nullable(z.string()),
  shareUrl: z.nullable(z.string()),
  position: z.nullable(z.number()),
  referralCount: z.number(),
  boost: z.number(),
  confirmedAt: z.nullable(z.string()),
  city: z.nullable(city),
  cityOther: z.boolean(),
  /** Only for a pending entry: the link is past its lifetime (confirming it would answer 410). */
  tokenExpired: z.boolean(),
  /** People holding a place in line now (the length of the line). */
  lineLength: z.number(),
  /** Place holders behind this person (joined after them, or overtaken by them); null without a place. */
  behind: z.nullable(z.number()),
  /** Friends who signed up with this person's code and have not confirmed yet (they credit nothing so far). */
  friendsPending: z.number(),
  /** Friends whose credit is held for a staff check (the referral-fraud rules); granted or refused later. */
  friendsHeld: z.number(),
  /** The language of the person's mails (the one they signed up in, until they change it). */
  language: z.enum(LANGUAGES),
});
export type PlaceStatus = z.infer<typeof placeStatus>;
export const placeStatusAnswer = z.object({ data: placeStatus });

/** `data` of GET /waitlist/invitation and POST /waitlist/invitation/accept. */
export const invitation = z.object({
  email: z.string(),
  status: z.enum(['invited', 'admitted']),
  invitedAt: z.string(),
  admittedAt: z.nullable(z.string()),
  city: z.nullable(city),
  /** The apps' store pages (APP_STORE_URL, PLAY_STORE_URL); null while the apps are not out. */
  stores: z.object({ appStore: z.nullable(z.string()), playStore: z.nullable(z.string()) }),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationAnswer = z.object({ data: invitation });

/** What an entry that has confirmed may be now: still in line, invited, or let in. */
export const CONFIRMED_LIFECYCLE = ['confirmed', 'invited', 'admitted'] as const;

/**
 * `data` of POST /waitlist/confirm (200, and 409 `token_used`) and of GET /waitlist/confirm once confirmed: the
 * entry's code and share link with its place (the PlaceStatus fields).
 */
export const confirmedPlace = z.extend(placeStatus, {
  status: z.enum(CONFIRMED_LIFECYCLE),
  referralCode: z.string().check(z.minLength(1)),
  shareUrl: z.string().check(z.minLength(1)),
});
export type ConfirmedPlace = z.infer<typeof confirmedPlace>;
/** 200 of POST /waitlist/confirm. */
export const confirmedPlaceAnswer = z.object({ data: confirmedPlace });

/** 200 of GET /waitlist/confirm?token=: what the link stands for now, before or after the click. */
export const confirmLinkAnswer = z.object({
  data: z.union([z.object({ status: z.literal('pending'), email: z.string() }), confirmedPlace]),
});

/** `data` of GET /waitlist/cities wrapped as answered. */
export const citiesAnswer = z.object({ data: citiesList });

/*
 * Balanced waves (decision 035): on their status page a confirmed person may say who they are and whom they hope to
 * meet, with their consent, only to balance who is invited together. Special-category data (GDPR Art. 9): the
 * service keeps it sealed, shows it to nobody but the person, and erases it once they are invited or leave.
 */
export const BALANCE_IDENTITIES = ['woman', 'man', 'nonbinary'] as const;
export type BalanceIdentity = (typeof BALANCE_IDENTITIES)[number];
export const BALANCE_SEEKING = ['women', 'men', 'everyone'] as const;
export type BalanceSeeking = (typeof BALANCE_SEEKING)[number];

/** PUT /waitlist/place/balance: the two answers and the consent to keep them for this purpose. */
export const balanceBody = z.strictObject(
  {
    token,
    identity: z.enum(BALANCE_IDENTITIES, { error: 'Choose woman, man or non-binary.' }),
    seeking: z.enum(BALANCE_SEEKING, { error: 'Choose women, men or everyone.' }),
    consent: z.literal(true, { error: 'Tick the consent box to give this.' }),
  },
  { error: 'Send a JSON object like {"token": "...", "identity": "woman", "seeking": "men", "consent": true}.' },
);
export type BalanceBody = z.output<typeof balanceBody>;

/** DELETE /waitlist/place/balance: `{token}`. */
export const balanceTokenBody = z.strictObject({ token }, { error: 'Send a JSON object like {"token": "..."}.' });

/**
 * What the person holding the link may know: whether they gave it, and what they gave (only they see it: the answer
 * goes to the holder of their own link, never to staff).
 */
export const balanceStatus = z.object({
  given: z.boolean(),
  identity: z.nullable(z.enum(BALANCE_IDENTITIES)),
  seeking: z.nullable(z.enum(BALANCE_SEEKING)),
});
export type BalanceStatus = z.infer<typeof balanceStatus>;
export const balanceAnswer = z.object({ data: balanceStatus });
