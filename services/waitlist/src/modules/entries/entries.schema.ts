import type { ExportEntriesParams, ListEntriesParams } from '@mmdm/contracts/waitlist-admin';
import { z } from 'zod';
import { cursorTimestamp } from '../../lib/cursor-timestamp.js';

/**
 * The Users list's keyset cursor, one codec for every order: the two keys of the last row seen, as base64url JSON.
 * Clients see it as an opaque string (the contract); only this service knows what is inside.
 * - by time (`desc`, `asc`, and within a city): created_at as Postgres prints it (microseconds kept) and the id;
 * - by place: the place key and the queue number.
 */
export type ListCursor = [string, string];

/** A Postgres bigint, written as it prints: out of range, the cast would fail in Postgres as a 500. */
const bigintText = z
  .string()
  .regex(/^-?\d{1,19}$/)
  .refine((value) => {
    const n = BigInt(value);
    return n >= -(2n ** 63n) && n < 2n ** 63n;
  });

const timeKeys = z.tuple([cursorTimestamp, z.string().regex(/^\d{1,18}$/)]);
const placeKeys = z.tuple([bigintText, bigintText]);

export function encodeCursor(keys: ListCursor): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

const NOT_OURS = 'The cursor is not one this service handed out.';
const NOT_BOTH = 'Search the whole list, or filter by place or city: not both.';

/** By place, or narrowed to a city: the list with places, from its own index (a search does not combine). */
export const isPlaceOrCityList = (query: { order: string; city?: number | undefined }) =>
  query.order === 'place' || query.city !== undefined;

/** The list's query as its declaration parses it, its cursor decoded (see ListCursor). */
export type ListEntriesQuery = Omit<ListEntriesParams, 'cursor'> & { cursor: ListCursor | undefined };

const refused = (field: string, message: string) =>
  new z.ZodError([{ code: 'custom', path: [field], message, input: undefined }]);

/**
 * The declared query (`listEntries`), checked further by what only this service knows: a search does not combine
 * with a place or city list, and the cursor must be one it handed out for this order. A refusal is a zod error on
 * its field, answered as the house's 400 like the declaration's own.
 */
export function decodeListQuery(query: ListEntriesParams): ListEntriesQuery {
  if (isPlaceOrCityList(query) && query.q) throw refused('q', NOT_BOTH);
  if (query.cursor === undefined) return { ...query, cursor: undefined };
  try {
    const keys = (query.order === 'place' ? placeKeys : timeKeys).parse(
      JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8')),
    );
    return { ...query, cursor: keys as ListCursor };
  } catch {
    throw refused('cursor', NOT_OURS);
  }
}

export type ExportEntriesQuery = ExportEntriesParams;
