import pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { Readable } from 'node:stream';
import type { Queryable } from '../../lib/db.js';
import type { EntryCursor, ExportEntriesQuery, ListEntriesQuery } from './admin.schema.js';

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

/** One page, keyset-paged by (created_at, id): constant cost at any depth, unlike OFFSET. */
export async function listEntries(
  db: Queryable,
  query: ListEntriesQuery,
): Promise<{ rows: EntryRow[]; next?: EntryCursor }> {
  const values: unknown[] = [];
  const where = filters(query, values);
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  if (query.cursor) {
    values.push(query.cursor.createdAt, query.cursor.id);
    const op = direction === 'asc' ? '>' : '<';
    where.push(`(created_at, id) ${op} ($${values.length - 1}::timestamptz, $${values.length}::bigint)`);
  }
  values.push(query.limit + 1);
  const text = `select ${ENTRY_COLUMNS} from waitlist.entries
    ${where.length ? `where ${where.join(' and ')}` : ''}
    order by created_at ${direction}, id ${direction}
    limit $${values.length}`;
  const { rows } = await db.query<EntryRow>(text, values);
  if (rows.length <= query.limit) return { rows };
  rows.pop();
  const last = rows.at(-1)!;
  return { rows, next: { createdAt: last.cursorAt, id: last.id } };
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
}

/**
 * Streams every matching entry from a server-side cursor on a connection of its own: memory stays flat at any size,
 * and the pool's short statement/read time-outs (right for requests) do not cut a long export.
 */
export async function streamEntries(databaseUrl: string, query: ExportEntriesQuery): Promise<Readable> {
  const values: unknown[] = [];
  const where = filters(query, values);
  const text = `select id, email, status, referral_source, referral_code, created_at, confirmed_at, unsubscribed_at
    from waitlist.entries ${where.length ? `where ${where.join(' and ')}` : ''}
    order by created_at, id`;
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
     queued as (insert into waitlist.outbox (entry_id, request_id) select id, $2 from bumped returning id)
     select (select status from waitlist.entries where id = $1) as status, (select count(*)::int from queued) as queued`,
    [id, requestId],
  );
  return rows[0] ?? { status: null, queued: 0 };
}

export interface ErasedEntry {
  createdDay: string;
  confirmedDay: string | null;
  referralSource: string | null;
}

/** Erasure: the entry goes, and its tokens and outbox rows with it (on delete cascade). */
export async function deleteEntry(db: Queryable, id: string): Promise<ErasedEntry | undefined> {
  const { rows } = await db.query<ErasedEntry>(
    `delete from waitlist.entries where id = $1
     returning (created_at at time zone 'UTC')::date::text as "createdDay",
               (confirmed_at at time zone 'UTC')::date::text as "confirmedDay",
               referral_source as "referralSource"`,
    [id],
  );
  return rows[0];
}
