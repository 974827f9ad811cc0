import {
  analyticsParams,
  auditParams,
  entryIdParams,
  exportEntriesParams,
  FIRST_DAY,
  listEntriesParams,
} from '@mmdm/contracts/waitlist-admin';
import { z } from 'zod';

/** Keyset position: the exact created_at (as Postgres prints it, microseconds kept) and id of the last row seen. */
export interface EntryCursor {
  createdAt: string;
  id: string;
}

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

/** Clients see the cursor as an opaque string (the contract); only this service knows what is inside. */
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

export const listEntriesQuery = listEntriesParams.extend({ cursor: entryCursor.optional() });
export type ListEntriesQuery = z.output<typeof listEntriesQuery>;

export const exportEntriesQuery = exportEntriesParams;
export type ExportEntriesQuery = z.output<typeof exportEntriesQuery>;

export { entryIdParams };
export const analyticsQuery = analyticsParams;
export const auditQuery = auditParams;
