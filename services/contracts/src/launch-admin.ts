// The staff's launch API (/api/admin/waitlist/invitations, /cities, /launch-stats, credits): parameters the service
// accepts and the answers the panel reads. Classic zod, like ./waitlist-admin.
import { z } from 'zod';

/** The most people one wave may invite (a wave is one transaction; 10,000 take well under a second). */
export const WAVE_MAX = 50_000;
export const CITY_NAME_MAX_LENGTH = 80;

const cityId = z.coerce.number().int().positive().max(2_147_483_647);

/** The identity groups of a balanced wave's target mix (the same words as the status page's choice). */
export const BALANCE_GROUPS = ['woman', 'man', 'nonbinary'] as const;
export type BalanceGroup = (typeof BALANCE_GROUPS)[number];
/** How far each group's share of a balanced wave may stray from its target, in percentage points. */
export const BALANCE_TOLERANCE_POINTS = 2;
/** The smallest balanced wave: below it a wave's mix would say too much about the few people in it. */
export const BALANCED_WAVE_MIN = 20;

const percent = z.number().int().min(0).max(100);
const sumsTo100 = (mix: Record<BalanceGroup, number>) => mix.woman + mix.man + mix.nonbinary === 100;
const SUM_MESSAGE = 'The target mix must add up to 100 (percent of the wave per group).';

/** A balanced wave's target: whole percentages per identity group, adding up to 100. */
export const balanceTarget = z
  .strictObject({ woman: percent, man: percent, nonbinary: percent })
  .refine(sumsTo100, { message: SUM_MESSAGE });
export type BalanceTarget = z.output<typeof balanceTarget>;

const balancedWaveSize = {
  message: `A balanced wave invites at least ${BALANCED_WAVE_MIN} people.`,
  path: ['count'],
};

/**
 * POST /invitations: invite the next `count` people holding a place, optionally only those in `city` (a city id),
 * optionally balanced to a target mix (decision 035).
 */
export const inviteWaveBody = z
  .strictObject({
    count: z.number().int().min(1).max(WAVE_MAX),
    city: cityId.optional(),
    balance: balanceTarget.optional(),
  })
  .refine((body) => body.balance === undefined || body.count >= BALANCED_WAVE_MIN, balancedWaveSize);
export type InviteWaveBody = z.output<typeof inviteWaveBody>;

const percentParam = z.coerce.number().int().min(0).max(100).optional();

/** GET /invitations/preview?count=&city=&woman=&man=&nonbinary= (the three percentages together, or none). */
export const wavePreviewParams = z
  .object({
    count: z.coerce.number().int().min(1).max(WAVE_MAX),
    city: cityId.optional(),
    woman: percentParam,
    man: percentParam,
    nonbinary: percentParam,
  })
  .refine(
    (query) =>
      [query.woman, query.man, query.nonbinary].every((value) => value === undefined) ||
      [query.woman, query.man, query.nonbinary].every((value) => value !== undefined),
    { message: 'Give the target mix whole: woman, man and nonbinary together.', path: ['woman'] },
  )
  .refine(
    (query) => query.woman === undefined || (query.woman ?? 0) + (query.man ?? 0) + (query.nonbinary ?? 0) === 100,
    { message: SUM_MESSAGE, path: ['woman'] },
  )
  .refine((query) => query.woman === undefined || query.count >= BALANCED_WAVE_MIN, balancedWaveSize);
export type WavePreviewParams = z.output<typeof wavePreviewParams>;

/** The target mix a preview query carries, if any. */
export function previewTarget(query: WavePreviewParams): BalanceTarget | undefined {
  if (query.woman === undefined || query.man === undefined || query.nonbinary === undefined) return undefined;
  return { woman: query.woman, man: query.man, nonbinary: query.nonbinary };
}

/** 202 of POST /invitations. */
export const waveAcceptedSchema = z.object({ invited: z.number(), waveId: z.number() });
/**
 * The mix a balanced wave would send: how many of each group, and how many who said nothing (drafted by place).
 * Counts only, of the whole wave; never who.
 */
export const waveMixSchema = z.object({
  woman: z.number(),
  man: z.number(),
  nonbinary: z.number(),
  unsaid: z.number(),
});
export type WaveMix = z.infer<typeof waveMixSchema>;

/**
 * 200 of GET /invitations/preview: how many would be invited now (≤ count), and how many hold a place there; with a
 * target mix, the mix the draft would send.
 */
export const wavePreviewSchema = z.object({
  matching: z.number(),
  holders: z.number(),
  mix: waveMixSchema.optional(),
});

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
/** How a city opens: an admin's click sends the first wave (`approve`, the default), or it goes at once (`auto`). */
export const OPEN_MODES = ['auto', 'approve'] as const;
export type OpenMode = (typeof OPEN_MODES)[number];
/** A city's opening: no threshold, waiting for it, reached and waiting for an admin's click, or open. */
export const OPENING_STATES = ['none', 'waiting', 'awaiting_approval', 'open'] as const;
export type OpeningState = (typeof OPENING_STATES)[number];
/** The largest threshold a city may have. */
export const OPENING_THRESHOLD_MAX = 100_000_000;

export const staffCitySchema = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  createdAt: z.string(),
  people: z.number(),
  /** People counted toward the threshold: confirmed, invited or admitted, not rejected. */
  confirmed: z.number(),
  openingThreshold: z.number().nullable(),
  firstWaveSize: z.number(),
  openMode: z.enum(OPEN_MODES),
  opening: z.object({
    state: z.enum(OPENING_STATES),
    thresholdReachedAt: z.string().nullable(),
    openedAt: z.string().nullable(),
    /** `system` when the threshold opened it, else the admin's address (or account id). */
    openedBy: z.string().nullable(),
    waveId: z.number().nullable(),
  }),
});
export type StaffCity = z.infer<typeof staffCitySchema>;

/** PATCH /cities/:id: the city's opening settings. A null threshold: the city never opens by itself. */
export const cityOpeningBody = z.strictObject({
  openingThreshold: z.number().int().min(1).max(OPENING_THRESHOLD_MAX).nullable(),
  firstWaveSize: z.number().int().min(0).max(WAVE_MAX),
  openMode: z.enum(OPEN_MODES),
});
export type CityOpeningBody = z.output<typeof cityOpeningBody>;

/** 200 of POST /cities/:id/open: the city, whether it was open already, and how many the first wave chose. */
export const cityOpenedSchema = z.object({
  city: staffCitySchema,
  alreadyOpen: z.boolean(),
  invited: z.number(),
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
