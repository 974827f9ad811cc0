// The staff's waitlist API (/api/admin/waitlist/*): query parameters the service accepts and the answers the panel
// reads. Classic zod: only the staff panel (and the services) load it.
import { z } from 'zod';
import {
  ANALYTICS_MAX_PERIOD_DAYS,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from './limits.js';

export { auditPageSchema, auditRecordSchema, type AuditPage, type AuditRecord } from './audit.js';

export const ENTRY_STATUSES = ['pending', 'confirmed', 'invited', 'admitted', 'unsubscribed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const entryStatus = z.enum(ENTRY_STATUSES);

/** `q`: part of an address, at least SEARCH_MIN_LENGTH characters; empty means no search. */
export const searchTerm = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH)
  .refine((value) => value === '' || value.length >= SEARCH_MIN_LENGTH, {
    message: `Search for at least ${SEARCH_MIN_LENGTH} characters of an address.`,
  })
  // Postgres text cannot hold U+0000: sent on, it was a 500 (invalid byte sequence), not the client's 400.
  .refine((value) => !value.includes('\u0000'), { message: 'The search may not contain a NUL character.' })
  .optional()
  .transform((value) => (value ? value : undefined));

export const pageLimit = z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT);

/**
 * GET /entries: the cursor is opaque to clients (a string the last page handed out); the service decodes it with its
 * own schema.
 */
export const listEntriesParams = z.object({
  status: entryStatus.optional(),
  q: searchTerm,
  /** `place`: people holding a place, best first (status and q do not apply). */
  order: z.enum(['desc', 'asc', 'place']).default('desc'),
  /** A city id: only people who chose it. */
  city: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: pageLimit,
  cursor: z.string().max(200).optional(),
});

export type ListEntriesParams = z.output<typeof listEntriesParams>;

/** GET /entries.csv: the list's filter, so an export is exactly the filtered list. */
export const exportEntriesParams = z.object({ status: entryStatus.optional(), q: searchTerm });
export type ExportEntriesParams = z.output<typeof exportEntriesParams>;

/** The `{id}` of an entry's path. */
export const entryIdParam = z.string().regex(/^\d{1,18}$/, 'The entry id must be a number.');

/** A mail template preview's `{name}` (an unknown name is the service's 404, not a 400). */
export const mailTemplateNameParam = z.string().min(1).max(40);

/**
 * No sign-up predates this day. It also keeps every date inside what Postgres accepts: there is no year 0, so
 * `0000-01-01` would fail in Postgres (a 500) rather than as the client's 400.
 */
export const FIRST_DAY = '2000-01-01';

const day = z.iso
  .date({ error: 'Use a date like 2026-01-31.' })
  .refine((value) => value >= FIRST_DAY, { message: `Use a date from ${FIRST_DAY} on.` });

/** GET /analytics?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, inclusive). */
export const analyticsParams = z
  .object({ from: day, to: day })
  .refine(({ from, to }) => from <= to, { message: '`from` must not be after `to`.', path: ['from'] })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 <= ANALYTICS_MAX_PERIOD_DAYS, {
    message: `The period may be at most ${ANALYTICS_MAX_PERIOD_DAYS} days.`,
    path: ['to'],
  });
export type AnalyticsParams = z.output<typeof analyticsParams>;

/**
 * Audit actions of staff reading personal data (the Users list, a search, an export, the contact messages, and the
 * dashboard, review queue and launch figures, which show addresses).
 */
export const STAFF_READ_ACTIONS = [
  'entries.list',
  'entries.search',
  'entries.export',
  'messages.list',
  'message.read',
  'stats.read',
  'review_queue.read',
  'launch_stats.read',
  'tickets.read',
] as const;

/**
 * GET /audit?cursor=&limit=&kind=: `reads` is the trail of staff reading personal data (STAFF_READ_ACTIONS),
 * `changes` everything else; absent, all of it.
 */
export const auditParams = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'The cursor is not one this service handed out.')
    .optional(),
  limit: pageLimit,
  kind: z.enum(['reads', 'changes'], { error: 'Use kind=reads or kind=changes.' }).optional(),
});

export const waitlistEntrySchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string(),
  status: entryStatus,
  referralSource: z.string().nullish(),
  referralCode: z.string().nullish(),
  createdAt: z.string(),
  confirmedAt: z.string().nullish(),
  /** Place in line; null for anyone not holding one (pending, invited, admitted, unsubscribed). */
  position: z.number().nullish(),
  /** Credited referrals. */
  referralCount: z.number().optional(),
  cityId: z.number().nullish(),
  /** Why the address is never mailed (the suppression list), or null when it is mailed. */
  suppressed: z.enum(['unsubscribed', 'hard_bounce', 'complaint', 'soft_bounces']).nullish(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const entriesPageSchema = z.object({
  items: z.array(waitlistEntrySchema),
  nextCursor: z.string().nullish(),
  /** Set when a search stopped early (it reads a bounded number of entries per page): how far it read. */
  searchedThrough: z.string().nullish(),
});
export type EntriesPage = z.infer<typeof entriesPageSchema>;

export const statsSchema = z.object({
  total: z.number(),
  confirmed: z.number(),
  today: z.number(),
  recent: z.array(z.object({ type: z.enum(['signup', 'confirmation']), email: z.string(), at: z.string() })),
  /**
   * Mail lanes, first to last (confirmation and "Your data" links; invitations; welcome and the rest): how long the
   * oldest mail owed in each has waited, 0 when none is owed. Optional: an older service does not send it.
   */
  mailLanes: z
    .array(z.object({ lane: z.enum(['first', 'invitations', 'others']), oldestOwedSeconds: z.number().min(0) }))
    .optional(),
});
export type WaitlistStats = z.infer<typeof statsSchema>;

export const analyticsSchema = z.object({
  days: z.array(z.object({ date: z.string(), signups: z.number(), confirmations: z.number() })),
  /** Confirmed sign-ups over all sign-ups of the period, as a fraction (0..1); null when there were none. */
  confirmationRate: z.number().nullable(),
  topReferralSources: z.array(z.object({ source: z.string(), count: z.number() })),
});
export type WaitlistAnalytics = z.infer<typeof analyticsSchema>;

/** 200 of GET /mail-templates: every mail the worker sends, its subject rendered with sample data. */
export const mailTemplatesSchema = z.object({
  items: z.array(z.object({ name: z.string(), description: z.string(), subject: z.string() })),
});
/** 200 of GET /mail-templates/:name/preview: the whole mail, with sample data and this deployment's footer. */
export const mailTemplatePreviewSchema = z.object({
  name: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
