import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { Transform, type Readable } from 'node:stream';
import { csvRow } from '../../lib/csv.js';
import { inTransaction } from '../../lib/db.js';
import { findSuppression, suppressionHash, suppressionReasons } from '../../lib/suppression.repository.js';
import {
  entryRows,
  findEntryEmail,
  isQueryCanceled,
  listStatements,
  pageOf,
  queueStaffResend,
  scanEndOf,
  SEARCH_LIMITS,
  streamEntries,
  trigramIsCheap,
  trigramRows,
  type EntriesPage,
  type EntryRow,
  type ExportRow,
  type SearchLimits,
} from './entries.repository.js';
import {
  encodeCursor,
  isPlaceOrCityList,
  type ExportEntriesQuery,
  type ListCursor,
  type ListEntriesQuery,
} from './entries.schema.js';
import { type AuditActor, type AuditService } from '../audit/audit.service.js';
import { eraseEntry } from './erase-entry.js';

/** A row of the Users list with its place: what a page's answer is built from, whatever the order. */
export interface PlacedEntryRow extends Omit<EntryRow, 'cursorAt'> {
  position: number | null;
  credits: number;
  cityId: number | null;
}

/** Places in line, wired in by the app (features do not import each other). */
export interface EntriesPlaceHooks {
  /** Position, credits and city of the entries of a page. */
  placesOf(ids: string[]): Promise<Map<string, { position: number | null; credits: number; cityId: number | null }>>;
  /**
   * A page of the list ordered by place, or narrowed to a city, from the places module's index: one row more than
   * asked ("more"), each with the keys of its cursor (`k1`, `k2`).
   */
  listByPlaceOrCity(query: {
    order: 'desc' | 'asc' | 'place';
    status?: string | undefined;
    city?: number | undefined;
    limit: number;
    after?: ListCursor | undefined;
  }): Promise<(PlacedEntryRow & { k1: string; k2: string })[]>;
  /** In the erasure's transaction, before the row goes: takes back the credit it gave; returns that referrer. */
  beforeErase(client: pg.PoolClient, entryId: string): Promise<string | undefined>;
}

export interface EntriesServiceDeps {
  pool: pg.Pool;
  databaseUrl: string;
  /** To show staff which entries are on the suppression list, and why. */
  suppressionKey: string;
  /** Exports streaming at once; each holds a Postgres connection of its own outside the pool for its whole run. */
  maxConcurrentExports: number;
  places?: EntriesPlaceHooks;
  /** Every staff action and read of this module is recorded here. */
  audit: AuditService;
}

/** One page of the list, whichever index served it. */
interface ListPage {
  rows: PlacedEntryRow[];
  next?: ListCursor | undefined;
  searchedThrough?: Date | undefined;
}

/**
 * One page of the list in time order, keyset-paged by (created_at, id): constant cost at any depth, unlike OFFSET. A
 * search costs at most an EXPLAIN, a trigram lookup bounded in time (its own short transaction: the timeout is
 * `set local`), and a walk of `scanRows` entries (see listStatements).
 */
export async function listEntries(
  pool: pg.Pool,
  query: ListEntriesQuery,
  limits: SearchLimits = SEARCH_LIMITS,
): Promise<EntriesPage> {
  const statements = listStatements(query, limits);
  if (!statements.term) return pageOf(await entryRows(pool, statements.plain), query.limit);
  const { term, trigram, scan, scanEnd } = statements;

  if (await trigramIsCheap(pool, term, limits)) {
    try {
      const rows = await inTransaction(pool, (client) => trigramRows(client, trigram, limits.trigramTimeoutMs));
      return pageOf(rows, query.limit);
    } catch (error) {
      // Over its time: the estimate was wrong about this term; the bounded scan answers instead.
      if (!isQueryCanceled(error)) throw error;
    }
  }

  const rows = await entryRows(pool, scan);
  if (rows.length > query.limit) return pageOf(rows, query.limit);
  const end = await scanEndOf(pool, scanEnd);
  // Fewer than scanRows entries were left: the scan reached the end of the list and the answer is complete.
  if (!end) return { rows };
  return { rows, next: [end.cursorAt, end.id], searchedThrough: end.at };
}

/** Seconds a refused export is told to wait: about what a one-million-row export takes (docs/performance.md). */
const EXPORT_RETRY_AFTER_S = 10;

/** Who did it and from where, for the audit log (a staff request's: its request id is always set). */
export type Actor = AuditActor & { requestId: string };

/** The list's filter as the audit row keeps it (the cursor only as "a later page": it says nothing more). */
function listFilterOf(query: ListEntriesQuery): Record<string, unknown> {
  return {
    status: query.status,
    q: query.q,
    order: query.order,
    city: query.city,
    limit: query.limit,
    laterPage: query.cursor !== undefined,
  };
}

const CSV_HEADER = [
  'id',
  'email',
  'status',
  'referral_source',
  'referral_code',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
  // Added after the first eight, so a sheet that reads columns by position keeps working.
  'place',
  'city',
  'friends_credited',
  'invited_at',
  'admitted_at',
];

export function createEntriesService({
  pool,
  databaseUrl,
  suppressionKey,
  maxConcurrentExports,
  places,
  audit,
}: EntriesServiceDeps) {
  const hashOf = (email: string) => suppressionHash(suppressionKey, email);
  let exportsRunning = 0;

  /** A page in time order (newest or oldest first), optionally searched; places added from the places module. */
  async function timePage(query: ListEntriesQuery): Promise<ListPage> {
    const { rows, next, searchedThrough } = await listEntries(pool, query);
    const placed = places ? await places.placesOf(rows.map((row) => row.id)) : new Map();
    return {
      rows: rows.map((row) => ({
        ...row,
        position: placed.get(row.id)?.position ?? null,
        credits: placed.get(row.id)?.credits ?? 0,
        cityId: placed.get(row.id)?.cityId ?? null,
      })),
      next,
      searchedThrough,
    };
  }

  /** A page by place, or within a city (never searched: the query's schema refuses a search with them). */
  async function placeOrCityPage(query: ListEntriesQuery): Promise<ListPage> {
    if (!places) throw new Error('The list by place or city needs the places module.');
    const rows = await places.listByPlaceOrCity({
      order: query.order,
      status: query.status,
      city: query.city,
      limit: query.limit,
      after: query.cursor,
    });
    const more = rows.length > query.limit;
    if (more) rows.pop();
    const last = rows.at(-1);
    return { rows, next: more && last ? [last.k1, last.k2] : undefined };
  }

  return {
    /**
     * A page of the Users list, whatever its order or filter, its read audited beside it (a search as a search). By
     * place or within a city the places module's index serves it; otherwise the list's own (with its bounded search).
     */
    async listEntries(query: ListEntriesQuery, actor: Actor) {
      const [page] = await Promise.all([
        isPlaceOrCityList(query) ? placeOrCityPage(query) : timePage(query),
        audit.read(actor, query.q ? 'entries.search' : 'entries.list', listFilterOf(query)),
      ]);
      const { rows, next, searchedThrough } = page;
      const suppressed = await suppressionReasons(
        pool,
        rows.map((row) => hashOf(row.email)),
      );
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          email: row.email,
          status: row.status,
          referralSource: row.referralSource,
          referralCode: row.referralCode,
          createdAt: row.createdAt.toISOString(),
          confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
          position: row.position,
          referralCount: row.credits,
          cityId: row.cityId,
          suppressed: suppressed.get(hashOf(row.email).toString('hex')) ?? null,
        })),
        nextCursor: next ? encodeCursor(next) : null,
        // A search that stopped early says how far it read; the next cursor goes on from there.
        searchedThrough: searchedThrough ? searchedThrough.toISOString() : null,
      };
    },

    /**
     * The audit record is written before the first byte: an export that fails half-way was still an export.
     * At most `maxConcurrentExports` run at once; one more is refused with 429 and Retry-After, before it is audited
     * or opens a connection, so a burst of exports cannot take every connection Postgres allows.
     */
    async exportEntries(query: ExportEntriesQuery, actor: Actor): Promise<Readable> {
      if (exportsRunning >= maxConcurrentExports) {
        throw new AppError(
          429,
          'too_many_exports',
          'Other exports are still running. Please try again in a few seconds.',
          { retryAfterSeconds: EXPORT_RETRY_AFTER_S },
          { 'Retry-After': String(EXPORT_RETRY_AFTER_S) },
        );
      }
      exportsRunning++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        exportsRunning--;
      };
      try {
        await audit.read(actor, 'entries.export', { status: query.status ?? null, q: query.q ?? null });
        const rows = await streamEntries(databaseUrl, query);
        let headerSent = false;
        const toCsv = new Transform({
          writableObjectMode: true,
          transform(row: ExportRow, _encoding, callback) {
            const line = csvRow([
              row.id,
              row.email,
              row.status,
              row.referral_source,
              row.referral_code,
              row.created_at.toISOString(),
              row.confirmed_at?.toISOString(),
              row.unsubscribed_at?.toISOString(),
              row.place,
              row.city,
              row.credits,
              row.invited_at?.toISOString(),
              row.admitted_at?.toISOString(),
            ]);
            callback(null, headerSent ? line : ((headerSent = true), csvRow(CSV_HEADER) + line));
          },
          flush(callback) {
            callback(null, headerSent ? undefined : csvRow(CSV_HEADER));
          },
        });
        rows.once('error', (error) => toCsv.destroy(error));
        // Finished, failed or abandoned by the client: the route's pipeline destroys the stream, which ends here.
        toCsv.once('close', () => {
          rows.destroy();
          release();
        });
        return rows.pipe(toCsv);
      } catch (error) {
        release();
        throw error;
      }
    },

    async resend(id: string, actor: Actor): Promise<void> {
      const email = await findEntryEmail(pool, id);
      const suppression = email ? await findSuppression(pool, hashOf(email)) : undefined;
      if (suppression) {
        throw new AppError(
          409,
          'suppressed',
          `This address is on the suppression list (${suppression.reason}); it gets no more e-mail unless the person signs up again.`,
        );
      }
      await inTransaction(pool, async (client) => {
        const result = await queueStaffResend(client, id, actor.requestId);
        if (result.status === null) throw new AppError(404, 'not_found', 'No such entry.');
        if (result.queued === 0) {
          throw new AppError(
            409,
            'not_pending',
            `This address is ${result.status}; only pending addresses get a confirmation e-mail.`,
          );
        }
        await audit.change(client, actor, 'entry.resend', id);
      });
    },

    async erase(id: string, actor: Actor): Promise<void> {
      await inTransaction(pool, async (client) => {
        const { erased, creditedReferrer } = await eraseEntry(client, id, places?.beforeErase);
        if (!erased) throw new AppError(404, 'not_found', 'No such entry.');
        if (creditedReferrer) {
          await audit.change(client, actor, 'credit.revoke', creditedReferrer, { reason: 'referred_erased' });
        }
        // Only the id: the point of erasure is that the address is gone, from the audit log too.
        await audit.change(client, actor, 'entry.delete', id);
      });
    },
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
