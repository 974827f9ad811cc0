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

export interface LineRow {
  id: string;
  /** Whether the entry has balance data (not what it is). */
  declared: boolean;
}

/**
 * The best `count` place holders (in the city) that no pending wave holds, in place order, each with whether they
 * said something: exactly who an unbalanced wave would pick.
 */
export async function firstByPlace(db: Queryable, count: number, cityId: number | null): Promise<LineRow[]> {
  const { rows } = await db.query<LineRow>(
    `select e.id::text as id, exists (select 1 from waitlist.entry_balance b where b.entry_id = e.id) as declared
       from waitlist.entries e
      where ${HOLDS_PLACE} ${cityId === null ? '' : 'and e.city_id = $2'}
        and not exists (select 1 from waitlist.wave_picks p where p.entry_id = e.id)
      order by ${cityId === null ? '' : 'e.city_id, '}e.place_key, e.queue_seq
      limit $1`,
    cityId === null ? [count] : [count, cityId],
  );
  return rows;
}

export interface SealedRow {
  id: string;
  placeKey: string;
  queueSeq: string;
  sealed: string;
}

/** Where a walk down the declared line stopped: the last row's place key and queue number. */
export interface LineCursor {
  placeKey: string;
  queueSeq: string;
}

/**
 * The next `limit` place holders with balance data (in the city, not held by a pending wave), in place order after
 * `after`: the draft opens them in the service, page by page, only as far as it needs.
 */
export async function declaredByPlace(
  db: Queryable,
  cityId: number | null,
  after: LineCursor | null,
  limit: number,
): Promise<SealedRow[]> {
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
  const { rows } = await db.query<SealedRow>(
    `select e.id::text as id, e.place_key::text as "placeKey", e.queue_seq::text as "queueSeq", b.sealed
       from waitlist.entries e
       join waitlist.entry_balance b on b.entry_id = e.id
      where ${HOLDS_PLACE} ${filter}
        and not exists (select 1 from waitlist.wave_picks p where p.entry_id = e.id)
      order by ${cityId === null ? '' : 'e.city_id, '}e.place_key, e.queue_seq
      limit $1`,
    values,
  );
  return rows;
}
