// The staff's launch API (/api/admin/waitlist/invitations, /cities, /launch-stats, credits): parameters the service
// accepts and the answers the panel reads. Classic zod, like ./waitlist-admin.
import { z } from 'zod';

/** The most people one wave may invite (a wave is one transaction; 10,000 take well under a second). */
export const WAVE_MAX = 50_000;
export const CITY_NAME_MAX_LENGTH = 80;

const cityId = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /invitations: invite the next `count` people holding a place, optionally only those in `city` (a city id). */
export const inviteWaveBody = z.strictObject({
  count: z.number().int().min(1).max(WAVE_MAX),
  city: cityId.optional(),
});
export type InviteWaveBody = z.output<typeof inviteWaveBody>;

/** GET /invitations/preview?count=&city= */
export const wavePreviewParams = z.object({
  count: z.coerce.number().int().min(1).max(WAVE_MAX),
  city: cityId.optional(),
});
export type WavePreviewParams = z.output<typeof wavePreviewParams>;

/** 202 of POST /invitations. */
export const waveAcceptedSchema = z.object({ invited: z.number(), waveId: z.number() });
/** 200 of GET /invitations/preview: how many would be invited now (≤ count), and how many hold a place there. */
export const wavePreviewSchema = z.object({ matching: z.number(), holders: z.number() });

export const waveSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  createdBySub: z.string(),
  createdByEmail: z.string().nullable(),
  city: z.object({ id: z.number(), name: z.string() }).nullable(),
  requested: z.number(),
  invited: z.number(),
  admitted: z.number(),
});
export type Wave = z.infer<typeof waveSchema>;
/** 200 of GET /invitations (newest first, at most 100). */
export const wavesSchema = z.object({ items: z.array(waveSchema) });

/** Unicode's bidirectional formatting characters (UAX #9): marks, embeddings, overrides and isolates. */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** POST /cities */
export const createCityBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(CITY_NAME_MAX_LENGTH)
    .refine((value) => ![...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127), {
      message: 'The name may not contain control characters.',
    })
    // A right-to-left override (U+202E) and its kin show the name reversed or reordered on the public page.
    .refine((value) => !BIDI_CONTROLS.test(value), {
      message:
        'The name may not contain bidirectional control characters (U+061C, U+200E, U+200F, U+202A–U+202E, ' +
        'U+2066–U+2069): type the name as it reads.',
    }),
  sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
});
/** The `{id}` of a city's path. */
export const cityIdParam = z.string().regex(/^\d{1,9}$/, 'The city id must be a number.');
export const staffCitySchema = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  createdAt: z.string(),
  people: z.number(),
});
export const staffCitiesSchema = z.object({ items: z.array(staffCitySchema) });

/** GET /launch-stats: per city (null = none chosen, `other` counted apart) and the top referrers. */
export const launchStatsSchema = z.object({
  boost: z.number(),
  cities: z.array(
    z.object({
      city: z.object({ id: z.number(), name: z.string() }).nullable(),
      other: z.boolean(),
      confirmed: z.number(),
      invited: z.number(),
      admitted: z.number(),
    }),
  ),
  topReferrers: z.array(
    z.object({ id: z.number(), email: z.string(), referralCode: z.string().nullable(), credits: z.number() }),
  ),
});
export type LaunchStats = z.infer<typeof launchStatsSchema>;

/** POST /credits/:referredId/revoke {reason}: a credit found undeserved goes, and the referrer moves back. */
/** The `{referredId}` of a credit's path: the referred entry. */
export const referredIdParam = z.string().regex(/^\d{1,18}$/, 'The entry id must be a number.');
export const revokeCreditBody = z.strictObject({ reason: z.string().trim().min(1).max(200) });
