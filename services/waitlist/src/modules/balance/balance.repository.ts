import type { Queryable } from '../../lib/db.js';

const HOLDS_PLACE = `e.status = 'confirmed' and e.review_state is distinct from 'rejected' and e.place_key is not null`;

export interface BalanceLinkRow {
  purpose: string;
  entryId: string;
  status: string;
  sealed: string | null;
}

/** The entry behind a link and its sealed balance row, if any. */
export async function findByToken(db: Queryable, hash: Buffer): Promise<BalanceLinkRow | undefined> {
  const { rows } = await db.query<BalanceLinkRow>(
    `select t.purpose, e.id::text as "entryId", e.status, b.sealed
       from waitlist.tokens t
       join waitlist.entries e on e.id = t.entry_id
       left join waitlist.entry_balance b on b.entry_id = e.id
      where t.token_hash = $1`,
    [hash],
  );
  return rows[0];
}

/**
 * Keeps the sealed value for an entry still in line (confirmed): one statement that holds the entry's row against a
 * concurrent wave (`for share` waits for the wave's update, then sees the new status), so nothing is kept for someone
 * invited meanwhile. Resolves to whether it was kept.
 */
export async function keepSealed(db: Queryable, entryId: string, sealed: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `with held as (select id from waitlist.entries where id = $1 and status = 'confirmed' for share)
     insert into waitlist.entry_balance (entry_id, sealed)
     select id, $2 from held
     on conflict (entry_id) do update set sealed = excluded.sealed, given_at = now()`,
    [entryId, sealed],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteSealed(db: Queryable, entryId: string): Promise<void> {
  await db.query('delete from waitlist.entry_balance where entry_id = $1', [entryId]);
}

export async function sealedOf(db: Queryable, entryId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ sealed: string }>('select sealed from waitlist.entry_balance where entry_id = $1', [
    entryId,
  ]);
  return rows[0]?.sealed;
}

/** A holder of a place as the draft reads them, in place order; `sealed`: their balance data, null when they said nothing. */
export interface LineRow {
  id: string;
  placeKey: string;
  queueSeq: string;
  sealed: string | null;
}

/** Where a walk down the line stopped: the last row's place key and queue number. */
export interface LineCursor {
  placeKey: string;
  queueSeq: string;
}

/** A ticket that counts (decision 036): used, not held by a referral rule, not revoked; tickets_waiting_idx. */
const COUNTING_TICKET = `t.used_by is not null and t.held_rule is null and t.revoked_at is null`;

/**
 * The friends holding a ticket that counts who hold a place (in the city) and no pending wave holds, in place order,
 * at most `count`, with their balance data if any: every wave takes them first (invitations.repository.ts,
 * ticketHoldersFirst), a balanced one too. A handful of rows, found through tickets_waiting_idx.
 */
export function ticketHoldersStatement(count: number, cityId: number | null) {
  return {
    text: `select e.id::text as id, e.place_key::text as "placeKey", e.queue_seq::text as "queueSeq", b.sealed
       from waitlist.tickets t
       join waitlist.entries e on e.id = t.used_by
       left join waitlist.entry_balance b on b.entry_id = e.id
      where ${COUNTING_TICKET} and ${HOLDS_PLACE} ${cityId === null ? '' : 'and e.city_id = $2'}
        and not exists (select 1 from waitlist.wave_picks p where p.entry_id = e.id)
      order by e.place_key, e.queue_seq
      limit $1`,
    values: cityId === null ? [count] : [count, cityId],
  };
}

/**
 * The next `limit` place holders (in the city) that no pending wave holds, in place order after `after`, with their
 * balance data if any; `declaredOnly`: only those with balance data (an inner join). The draft reads the first
 * `count` of the line once (an unbalanced wave's picks), then only declared rows, page by page, as far as it needs.
 * Exported for the bench's EXPLAIN.
 */
export function lineStatement(cityId: number | null, after: LineCursor | null, limit: number, declaredOnly: boolean) {
  const values: unknown[] = [limit];
  let filter = '';
  if (cityId !== null) {
    values.push(cityId);
    filter += ` and e.city_id = $${values.length}`;
  }
  if (after) {
    values.push(after.placeKey, after.queueSeq);
    filter += ` and (e.place_key, e.queue_seq) > ($${values.length - 1}::bigint, $${values.length}::bigint)`;
  }
  return {
    text: `select e.id::text as id, e.place_key::text as "placeKey", e.queue_seq::text as "queueSeq", b.sealed
       from waitlist.entries e
       ${declaredOnly ? 'join' : 'left join'} waitlist.entry_balance b on b.entry_id = e.id
      where ${HOLDS_PLACE} ${filter}
        and not exists (select 1 from waitlist.wave_picks p where p.entry_id = e.id)
      order by ${cityId === null ? '' : 'e.city_id, '}e.place_key, e.queue_seq
      limit $1`,
    values,
  };
}

/** The planner settings the draft's reads are pinned to, with the values they take (transaction-local). */
const LINE_PLAN: Record<string, string> = {
  enable_bitmapscan: 'off',
  enable_hashjoin: 'off',
  enable_sort: 'off',
  max_parallel_workers_per_gather: '0',
};

/**
 * Pins the plans of the draft's reads to the walk down the line index, until the returned function puts the settings
 * back (or the transaction ends; `db` must be in one). Measured at 1,000,000 entries (docs/performance.md): a page of
 * 5,000 declared rows after a cursor, `(place_key, queue_seq) > (…)`, was planned as a bitmap scan of every holder
 * after it (217,500), hashed against every balance row and sorted: 1.6 s. The planner guesses a row comparison to keep
 * a third of the rows and the partial index's predicate to keep far fewer holders than it does, so it expects the
 * ordered walk to read most of the line. The walk, index scan and nested loops stopping at the limit, takes 0.15 s
 * on the same loaded machine. No index or statistics changes the guess (extended statistics were tried).
 */
export async function pinLinePlans(db: Queryable): Promise<() => Promise<void>> {
  const names = Object.keys(LINE_PLAN);
  const { rows } = await db.query<{ saved: string[] }>(
    `select array(select current_setting(name) from unnest($1::text[]) with ordinality as s(name, n) order by n)
       as saved`,
    [names],
  );
  const saved = rows[0]?.saved ?? [];
  const apply = (values: readonly string[]) =>
    db.query(`select set_config(s.name, s.value, true) from unnest($1::text[], $2::text[]) as s(name, value)`, [
      names,
      values,
    ]);
  await apply(Object.values(LINE_PLAN));
  return async () => {
    await apply(saved);
  };
}

export async function ticketHoldersByPlace(db: Queryable, count: number, cityId: number | null): Promise<LineRow[]> {
  const { rows } = await db.query<LineRow>(ticketHoldersStatement(count, cityId));
  return rows;
}

export async function lineByPlace(
  db: Queryable,
  cityId: number | null,
  after: LineCursor | null,
  limit: number,
  declaredOnly: boolean,
): Promise<LineRow[]> {
  const { rows } = await db.query<LineRow>(lineStatement(cityId, after, limit, declaredOnly));
  return rows;
}
