import pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { Readable } from 'node:stream';
import type { Queryable } from '../../lib/db.js';
import { enqueueMailFrom } from '../mail/mail.service.js';
import type { ExportEntriesQuery, ListCursor, ListEntriesQuery } from './entries.schema.js';

export interface EntryRow {
  id: string;
  email: string;
  status: string;
  referralSource: string | null;
  referralCode: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  /** created_at as Postgres prints it: keeps the microseconds a JS Date would lose. */
  cursorAt: string;
}

const ENTRY_COLUMNS = `id, email, status, referral_source as "referralSource", referral_code as "referralCode",
  created_at as "createdAt", confirmed_at as "confirmedAt", created_at::text as "cursorAt"`;

/** `%q%` for LIKE with the user's own % _ \ taken literally. Addresses are stored lower-cased. */
function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function filters(query: { status?: string | undefined; q?: string | undefined }, values: unknown[]): string[] {
  const where: string[] = [];
  if (query.status) {
    values.push(query.status);
    where.push(`status = $${values.length}`);
  }
  if (query.q) {
    values.push(containsPattern(query.q));
    // Served by the trigram index entries_email_trgm_idx.
    where.push(`email_normalized like $${values.length}`);
  }
  return where;
}

/** Where a page ends: the next page starts after it. */
interface Position {
  cursorAt: string;
  id: string;
}

export interface EntriesPage {
  rows: EntryRow[];
  next?: ListCursor;
  /**
   * Set when a search stopped after reading `scanRows` entries with fewer matches than a page: created_at of the last
   * entry it read. The matches returned are exactly the first ones in list order; `next` resumes after that entry.
   */
  searchedThrough?: Date;
}

/**
 * How much one search request may cost, whatever the term (bounded at 1,000,000 entries: the launch-day benchmark, docs/performance.md). The defaults are
 * what the service uses; tests pass smaller ones to reach the bounds with little data.
 */
export interface SearchLimits {
  /**
   * Entries of the list read at most, in order, when the trigram index is not the cheap way: 10,000 take 3–5 ms on a
   * quiet core; 20,000 were measured at a p95 of 44 ms with the machine's load at 9.
   */
  scanRows: number;
  /** The planner's estimate of matches up to which the trigram index is used: its cost grows with the matches. */
  trigramMaxMatches: number;
  /**
   * Time the trigram path may take before the search falls back to the bounded scan. The estimate comes from the
   * column's statistics, not from the index: a term of only common trigrams (`org.exam`) that few rows contain is
   * estimated rare but makes the GIN index intersect posting lists of nearly every row (0.3–2 s at 1,000,000). A
   * search the estimate rightly calls cheap takes under 10 ms.
   */
  trigramTimeoutMs: number;
}

export const SEARCH_LIMITS: Readonly<SearchLimits> = Object.freeze({
  scanRows: 10_000,
  trigramMaxMatches: 20_000,
  trigramTimeoutMs: 50,
});

const TRIGRAM_INDEX = 'entries_email_trgm_idx';
const QUERY_CANCELED = '57014';

/** A condition on the status and/or the keyset position (not the search term), its values appended to `values`. */
function pageConditions(
  query: ListEntriesQuery,
  values: unknown[],
  parts: { status: boolean; cursor: boolean } = { status: true, cursor: true },
): string[] {
  const where: string[] = [];
  if (parts.status && query.status) {
    values.push(query.status);
    where.push(`status = $${values.length}`);
  }
  if (parts.cursor && query.cursor) {
    values.push(query.cursor[0], query.cursor[1]);
    const op = query.order === 'asc' ? '>' : '<';
    where.push(`(created_at, id) ${op} ($${values.length - 1}::timestamptz, $${values.length}::bigint)`);
  }
  return where;
}

const whereClause = (where: string[]) => (where.length ? `where ${where.join(' and ')}` : '');
const orderBy = (query: ListEntriesQuery) => {
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  return `order by created_at ${direction}, id ${direction}`;
};

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The statements behind one page of the list; exported so the benchmark can EXPLAIN exactly what the service sends.
 * - `plain` (no search term): the keyset page, an index range scan of `limit + 1` rows at any depth.
 * - `term`: the term's matches alone, whose plan and estimate say whether the trigram index is the cheap way.
 * - `matches`: every match of the term after the cursor, the trigram index's job; `trigram` sorts them (top-N).
 * - `scan`: the next `scanRows` entries of the whole list in order, walked by the created_at index and filtered by
 *   status and term: stops as soon as a page is full, and never reads more than `scanRows`. Not the status index:
 *   a status's rows are scattered over the table (20,000 of them touched 3,769 buffers, 20,000 entries in list order
 *   491); this way a request's work is bounded the same whatever the filters.
 * - `scanEnd`: the last entry `scan` read (only asked for when it found less than a page).
 */
export function listStatements(query: ListEntriesQuery, limits: SearchLimits = SEARCH_LIMITS) {
  const values: unknown[] = [];
  const where = pageConditions(query, values);
  const order = orderBy(query);
  const plain: Statement = {
    text: `select ${ENTRY_COLUMNS} from waitlist.entries ${whereClause(where)} ${order} limit ${query.limit + 1}`,
    values,
  };
  if (!query.q) return { plain };

  const pattern = `$${values.length + 1}`;
  const withTerm = [...values, containsPattern(query.q)];
  // What the trigram index would have to find, whatever the status or page: its work, which the other conditions
  // do not reduce (a deep page's range made `example.org` look like 15,000 matches at 1,000,000 entries).
  const term: Statement = {
    text: 'select id from waitlist.entries where email_normalized like $1',
    values: [containsPattern(query.q)],
  };
  const matches: Statement = {
    text: `select id, created_at from waitlist.entries ${whereClause([`email_normalized like ${pattern}`, ...where])}`,
    values: withTerm,
  };
  // Materialized: the planner must not turn this back into "walk the created_at index and filter" (the plan that read
  // 260,000 rows for a term only older rows contain). Only (id, created_at) of each match is kept for the top-N sort,
  // and the page's rows are read afterwards by id: half the time of sorting whole rows at 11,000 matches.
  const trigram: Statement = {
    text: `with matches as materialized (${matches.text}),
      top as (select id from matches ${order} limit ${query.limit + 1})
      select ${ENTRY_COLUMNS} from waitlist.entries where id in (select id from top) ${order}`,
    values: withTerm,
  };
  const scanValues: unknown[] = [];
  const scanWhere = pageConditions(query, scanValues, { status: false, cursor: true });
  const scanFilter = pageConditions(query, scanValues, { status: true, cursor: false });
  scanValues.push(containsPattern(query.q));
  const scan: Statement = {
    text: `select ${ENTRY_COLUMNS} from (
        select id, email, status, referral_source, referral_code, created_at, confirmed_at, email_normalized
          from waitlist.entries ${whereClause(scanWhere)} ${order} limit ${limits.scanRows}
      ) scanned
      ${whereClause([...scanFilter, `email_normalized like $${scanValues.length}`])} ${order} limit ${query.limit + 1}`,
    values: scanValues,
  };
  const endValues: unknown[] = [];
  const endWhere = pageConditions(query, endValues, { status: false, cursor: true });
  // The text form is made for the one row only: made for each of the rows skipped, it tripled the cost.
  const scanEnd: Statement = {
    text: `select created_at as "at", created_at::text as "cursorAt", id from (
        select created_at, id from waitlist.entries ${whereClause(endWhere)} ${order}
         offset ${limits.scanRows - 1} limit 1
      ) scan_end`,
    values: endValues,
  };
  return { plain, term, matches, trigram, scan, scanEnd };
}

/** The page of `rows` read one past `limit`: its cursor is the last row kept. */
export function pageOf(rows: EntryRow[], limit: number): EntriesPage {
  if (rows.length <= limit) return { rows };
  rows.pop();
  const last = rows.at(-1)!;
  return { rows, next: [last.cursorAt, last.id] };
}

interface PlanNode {
  'Index Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

function usesIndex(node: PlanNode, index: string): boolean {
  return node['Index Name'] === index || (node.Plans ?? []).some((child) => usesIndex(child, index));
}

/**
 * Whether the trigram index is the cheap way to find this term's matches: the planner, asked for all of them, picks
 * it (it does not for terms with no usable trigram, such as `@.-`) and expects few. Otherwise the term matches a
 * large share of the list (`example.org`), and walking the list in order finds a page quickly unless the matches are
 * all far from its start: `scan` bounds that case.
 */
export async function trigramIsCheap(db: Queryable, statement: Statement, limits: SearchLimits): Promise<boolean> {
  const { rows } = await db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (format json) ${statement.text}`,
    statement.values,
  );
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  return !!plan && usesIndex(plan, TRIGRAM_INDEX) && (plan['Plan Rows'] ?? Infinity) <= limits.trigramMaxMatches;
}

/** The rows of one of listStatements' page statements (`plain`, `scan`), one more than a page when there are more. */
export async function entryRows(db: Queryable, statement: Statement): Promise<EntryRow[]> {
  return (await db.query<EntryRow>(statement.text, statement.values)).rows;
}

/**
 * The trigram path's rows, given `timeoutMs` at most: `client` must be in a transaction (the timeout is `set local`,
 * so it ends with it). Rejects with a canceled query (isQueryCanceled) when over its time.
 */
export async function trigramRows(client: pg.PoolClient, statement: Statement, timeoutMs: number): Promise<EntryRow[]> {
  await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
  return (await client.query<EntryRow>(statement.text, statement.values)).rows;
}

/** The last entry a bounded scan read (`scanEnd`), when the list went on past it. */
export async function scanEndOf(db: Queryable, statement: Statement): Promise<(Position & { at: Date }) | undefined> {
  return (await db.query<Position & { at: Date }>(statement.text, statement.values)).rows[0];
}

export function isQueryCanceled(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === QUERY_CANCELED;
}

export interface ExportRow {
  id: string;
  email: string;
  status: string;
  referral_source: string | null;
  referral_code: string | null;
  created_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
  /** Place in line (1 = next to be invited); null for anyone not holding one (pending, invited, rejected...). */
  place: string | null;
  city: string | null;
  credits: number;
  invited_at: Date | null;
  admitted_at: Date | null;
}

/**
 * Streams every matching entry from a server-side cursor on a connection of its own: memory stays flat at any size,
 * and the pool's short statement/read time-outs (right for requests) do not cut a long export.
 */
export async function streamEntries(databaseUrl: string, query: ExportEntriesQuery): Promise<Readable> {
  const values: unknown[] = [];
  const where = filters(query, values).map((condition) => `e.${condition}`);
  // Places come from one walk of the line's partial index (entries_place_idx), numbered in its order, joined by id:
  // per-row place look-ups would cost a bucket sum for each of a million rows.
  const text = `select e.id, e.email, e.status, e.referral_source, e.referral_code, e.created_at, e.confirmed_at,
         e.unsubscribed_at, line.place, c.name as city, e.credits, e.invited_at, e.admitted_at
    from waitlist.entries e
    left join (select id, row_number() over (order by place_key, queue_seq) as place
                 from waitlist.entries
                where status = 'confirmed' and review_state is distinct from 'rejected' and place_key is not null) line
           on line.id = e.id
    left join waitlist.cities c on c.id = e.city_id
    ${where.length ? `where ${where.join(' and ')}` : ''}
    order by e.created_at, e.id`;
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'waitlist-export',
    statement_timeout: 30 * 60_000,
  });
  client.on('error', () => undefined);
  await client.connect();
  const stream = client.query(new QueryStream(text, values, { batchSize: 500 }));
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    void client.end().catch(() => undefined);
  };
  stream.once('end', end);
  stream.once('error', end);
  stream.once('close', end);
  return stream;
}

/** Staff resend: queues a new mail for a pending entry, whatever its cooldown (a person asked for it). */
export async function findEntryEmail(db: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>('select email from waitlist.entries where id = $1', [id]);
  return rows[0]?.email;
}

export async function queueStaffResend(
  db: Queryable,
  id: string,
  requestId: string,
): Promise<{ status: string | null; queued: number }> {
  const { rows } = await db.query<{ status: string | null; queued: number }>(
    `with bumped as (
       update waitlist.entries set last_mail_queued_at = now(), updated_at = now()
        where id = $1 and status = 'pending' returning id
     ),
     queued as (${enqueueMailFrom('bumped', 'confirmation', '$2')})
     select (select status from waitlist.entries where id = $1) as status, (select count(*)::int from queued) as queued`,
    [id, requestId],
  );
  return rows[0] ?? { status: null, queued: 0 };
}

/** Where the entry was counted in the roll-ups (UTC day and minute of its sign-up and confirmation). */
export interface ErasedEntry {
  createdDay: string;
  createdMinute: string;
  confirmedDay: string | null;
  confirmedMinute: string | null;
  referralSource: string | null;
}

/** Erasure: the entry goes, and its tokens and outbox rows with it (on delete cascade). */
export async function deleteEntry(db: Queryable, id: string): Promise<ErasedEntry | undefined> {
  const { rows } = await db.query<ErasedEntry>(
    `delete from waitlist.entries where id = $1
     returning (created_at at time zone 'UTC')::date::text as "createdDay",
               (date_trunc('minute', created_at at time zone 'UTC') at time zone 'UTC')::text as "createdMinute",
               (confirmed_at at time zone 'UTC')::date::text as "confirmedDay",
               (date_trunc('minute', confirmed_at at time zone 'UTC') at time zone 'UTC')::text as "confirmedMinute",
               referral_source as "referralSource"`,
    [id],
  );
  return rows[0];
}

/** Erasure of many entries in one statement (retention's batches): their tokens and outbox rows go with them. */
export async function deleteEntries(db: Queryable, ids: string[]): Promise<number> {
  const { rowCount } = await db.query('delete from waitlist.entries where id = any($1::bigint[])', [ids]);
  return rowCount ?? 0;
}

/** Which of these entries gave a granted credit (their erasure takes it back from the referrer first). */
export async function creditGivers(db: Queryable, ids: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select referred_id as id from waitlist.referral_credits where referred_id = any($1::bigint[]) and state = 'granted'`,
    [ids],
  );
  return rows.map((row) => row.id);
}
