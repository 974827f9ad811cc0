import { z } from 'zod';

const STATUS = z.enum(['pending', 'confirmed', 'unsubscribed']);

/** Keyset position: the exact created_at (as Postgres prints it, microseconds kept) and id of the last row seen. */
export interface EntryCursor {
  createdAt: string;
  id: string;
}

/**
 * No sign-up predates this day. It also keeps every date inside what Postgres accepts: there is no year 0, so
 * `0000-01-01` was a 500 (date/time field value out of range) rather than the client's 400.
 */
const FIRST_DAY = '2000-01-01';

/** A real calendar day (no 30 February) from FIRST_DAY on. */
const calendarDay = (value: string) => z.iso.date().safeParse(value).success && value >= FIRST_DAY;

/**
 * A timestamp as Postgres prints `created_at::text`, checked field by field: a well-formed but impossible one
 * (30 February, hour 25, offset +99) would otherwise reach Postgres and fail there as a 500.
 */
const cursorTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-5])(:?[0-5]\d)?)$/)
  .refine((value) => calendarDay(value.slice(0, 10)));

const cursorShape = z.tuple([cursorTimestamp, z.string().regex(/^\d{1,18}$/)]);

export function encodeCursor(cursor: EntryCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

const entryCursor = z
  .string()
  .max(200)
  .transform((value, ctx): EntryCursor => {
    try {
      const [createdAt, id] = cursorShape.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
      return { createdAt, id };
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The cursor is not one this service handed out.' });
      return z.NEVER;
    }
  });

/**
 * Shorter terms cannot use the trigram index (a trigram is three characters), so they would read the whole list; the
 * admin panel asks for three characters before it searches (issue 7).
 */
export const SEARCH_MIN_LENGTH = 3;

const search = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === '' || value.length >= SEARCH_MIN_LENGTH, {
    message: `Search for at least ${SEARCH_MIN_LENGTH} characters of an address.`,
  })
  // Postgres text cannot hold U+0000: sent on, it was a 500 (invalid byte sequence), not the client's 400.
  .refine((value) => !value.includes('\u0000'), { message: 'The search may not contain a NUL character.' })
  .optional()
  .transform((value) => (value ? value : undefined));

export const listEntriesQuery = z.object({
  status: STATUS.optional(),
  q: search,
  order: z.enum(['desc', 'asc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: entryCursor.optional(),
});
export type ListEntriesQuery = z.output<typeof listEntriesQuery>;

export const exportEntriesQuery = z.object({ status: STATUS.optional(), q: search });
export type ExportEntriesQuery = z.output<typeof exportEntriesQuery>;

export const entryIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'The entry id must be a number.') });

const day = z.iso
  .date({ error: 'Use a date like 2026-01-31.' })
  .refine((value) => value >= FIRST_DAY, { message: `Use a date from ${FIRST_DAY} on.` });
const MAX_PERIOD_DAYS = 366;

export const analyticsQuery = z
  .object({ from: day, to: day })
  .refine(({ from, to }) => from <= to, { message: '`from` must not be after `to`.', path: ['from'] })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 <= MAX_PERIOD_DAYS, {
    message: `The period may be at most ${MAX_PERIOD_DAYS} days.`,
    path: ['to'],
  });

export const auditQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'The cursor is not one this service handed out.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
