import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';
import { enqueueMailFrom } from '../mail/mail.service.js';

const HOLDS_PLACE = `status = 'confirmed' and review_state is distinct from 'rejected'`;

/** Server-side bound of the wave's one big statement (the client waits a second longer). */
const WAVE_TIMEOUT_MS = 30_000;

export interface WaveInput {
  count: number;
  cityId: number | null;
  createdBySub: string;
  createdByEmail: string | null;
  requestId: string;
}

/**
 * The wave's one statement ($1 count, $2 wave id, $3 request id, $4 city): pick, invite, take the invited out of
 * their buckets, queue one invitation mail each. Run with waitlist.bulk_buckets 'on'; exported for the bench's EXPLAIN.
 *
 * The picked ids reach the update as an array (`id = any(array(...))`: primary-key lookups). Joined to the CTE
 * instead, at 1,000,000 entries the planner hashed the whole table for 10,000 ids: a sequential scan of 1M rows and
 * a hash spilled to disk, 3.1 s of an 11.0 s wave on the loaded bench machine; with the array, 4.9 s in all.
 */
export function waveStatement(input: Pick<WaveInput, 'count' | 'cityId' | 'requestId'>, waveId: string) {
  const cityFilter = input.cityId === null ? '' : 'and city_id = $4';
  const values: unknown[] = [input.count, waveId, input.requestId];
  if (input.cityId !== null) values.push(input.cityId);
  return {
    values,
    text: `with picked as (
       select id from waitlist.entries
        where ${HOLDS_PLACE} and place_key is not null ${cityFilter}
        order by ${input.cityId === null ? '' : 'city_id, '}place_key, queue_seq
        limit $1
        for update skip locked
     ),
     invited as (
       update waitlist.entries e
          set status = 'invited', invited_at = now(), wave_id = $2, updated_at = now()
        where e.id = any(array(select id from picked))
       returning e.id, e.place_key
     ),
     left_line as (
       update waitlist.place_buckets b set holders = b.holders - gone.holders
         from (select waitlist.place_bucket(place_key) as bucket, count(*)::int as holders
                 from invited group by 1) gone
        where b.bucket = gone.bucket
     ),
     mailed as (
       ${enqueueMailFrom('invited', 'invitation', '$3')}
     )
     select count(*)::int as invited from mailed`,
  };
}

/**
 * One wave, in the caller's transaction: the best `count` place holders (in the city, if any), by the place index,
 * skipping rows another transaction holds (a confirmation or credit in flight: they come next wave), become
 * `invited`, each with exactly one `invitation` outbox row; the wave row records how many.
 *
 * The place buckets are adjusted by the same statement, one row per bucket the wave touched, with the bucket
 * trigger standing aside for it (waitlist.bulk_buckets, transaction-local; migration 009). Firing the trigger once
 * per invited row made a wave of 10,000 take 10,000 single-row bucket updates; the counts come out the same, and
 * the wave commits entries, buckets and mails together, so every remaining place stays unique and gap-free.
 */
export async function inviteWave(
  client: pg.PoolClient,
  input: WaveInput,
): Promise<{ waveId: string; invited: number }> {
  const wave = await client.query<{ id: string }>(
    `insert into waitlist.invitation_waves (created_by_sub, created_by_email, city_id, requested)
     values ($1, $2, $3, $4) returning id`,
    [input.createdBySub, input.createdByEmail, input.cityId, input.count],
  );
  const waveId = wave.rows[0]!.id;
  // The pool bounds a statement at 5 s, which suits a visitor's request; a wave of 10,000 takes ~1 s on a quiet
  // machine and measured 5.6 s on one running at load 15, so the wave's own statement gets a longer bound (staff
  // only, at most WAVE_MAX rows; the bound lasts until the wave's transaction ends).
  await client.query(
    `select set_config('waitlist.bulk_buckets', 'on', true), set_config('statement_timeout', '${WAVE_TIMEOUT_MS}', true)`,
  );
  // node-pg reads query_timeout from the query's own config (lib/client.js); @types/pg leaves it out of QueryConfig.
  const { rows } = await client.query<{ invited: number }>({
    query_timeout: WAVE_TIMEOUT_MS + 1000,
    ...waveStatement(input, waveId),
  } as pg.QueryConfig);
  await client.query(`select set_config('waitlist.bulk_buckets', 'off', true)`);
  const invited = rows[0]?.invited ?? 0;
  await client.query('update waitlist.invitation_waves set invited = $2 where id = $1', [waveId, invited]);
  return { waveId, invited };
}

/** How many a wave would invite now, and how many hold a place (in the city). */
export async function previewWave(
  db: Queryable,
  count: number,
  cityId: number | null,
): Promise<{ matching: number; holders: number }> {
  const cityFilter = cityId === null ? '' : 'and city_id = $1';
  const { rows } = await db.query<{ holders: number }>(
    `select count(*)::int as holders from waitlist.entries where ${HOLDS_PLACE} ${cityFilter}`,
    cityId === null ? [] : [cityId],
  );
  const holders = rows[0]?.holders ?? 0;
  return { matching: Math.min(count, holders), holders };
}

export interface WaveRow {
  id: string;
  createdAt: Date;
  createdBySub: string;
  createdByEmail: string | null;
  cityId: number | null;
  cityName: string | null;
  requested: number;
  invited: number;
  admitted: number;
}

export async function listWaves(db: Queryable, limit: number): Promise<WaveRow[]> {
  const { rows } = await db.query<WaveRow>(
    `select w.id, w.created_at as "createdAt", w.created_by_sub as "createdBySub",
            w.created_by_email as "createdByEmail", w.city_id as "cityId", c.name as "cityName",
            w.requested, w.invited,
            (select count(*)::int from waitlist.entries e where e.wave_id = w.id and e.status = 'admitted') as admitted
       from waitlist.invitation_waves w left join waitlist.cities c on c.id = w.city_id
      order by w.id desc limit $1`,
    [limit],
  );
  return rows;
}

export async function cityExists(db: Queryable, cityId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from waitlist.cities where id = $1', [cityId]);
  return rows.length > 0;
}

export interface InvitationRow {
  entryId: string;
  purpose: string;
  email: string;
  status: string;
  invitedAt: Date | null;
  admittedAt: Date | null;
  cityId: number | null;
  cityName: string | null;
}

export async function findInvitation(db: Queryable, hash: Buffer, lock = false): Promise<InvitationRow | undefined> {
  const { rows } = await db.query<InvitationRow>(
    `select e.id as "entryId", t.purpose, e.email, e.status, e.invited_at as "invitedAt",
            e.admitted_at as "admittedAt", e.city_id as "cityId", c.name as "cityName"
       from waitlist.tokens t
       join waitlist.entries e on e.id = t.entry_id
       left join waitlist.cities c on c.id = e.city_id
      where t.token_hash = $1
      ${lock ? 'for update of t, e' : ''}`,
    [hash],
  );
  return rows[0];
}

export async function admit(client: pg.PoolClient, entryId: string, hash: Buffer): Promise<Date> {
  const { rows } = await client.query<{ admittedAt: Date }>(
    `update waitlist.entries set status = 'admitted', admitted_at = now(), updated_at = now()
      where id = $1 returning admitted_at as "admittedAt"`,
    [entryId],
  );
  await client.query('update waitlist.tokens set used_at = coalesce(used_at, now()) where token_hash = $1', [hash]);
  return rows[0]!.admittedAt;
}
