import {
  analyticsParams,
  auditParams,
  entryIdParams,
  exportEntriesParams,
  listEntriesParams,
} from '@mmdm/contracts/waitlist-admin';
import { z } from 'zod';
import { cursorTimestamp } from '../../lib/cursor-timestamp.js';

/** Keyset position: the exact created_at (as Postgres prints it, microseconds kept) and id of the last row seen. */
export interface EntryCursor {
  createdAt: string;
  id: string;
}

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
