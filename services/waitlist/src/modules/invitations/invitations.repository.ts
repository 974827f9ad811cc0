import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';
import { enqueueMailFrom } from '../mail/mail.service.js';

const HOLDS_PLACE = `status = 'confirmed' and review_state is distinct from 'rejected'`;

/** Server-side bound of a wave's statements (the client waits a second longer). */
const WAVE_TIMEOUT_MS = 30_000;

/** Serialises the picks of concurrent waves, so two never choose the same people. */
const WAVE_PICK_LOCK = `pg_advisory_xact_lock(hashtext('waitlist.wave_pick'))`;

export interface WaveInput {
  count: number;
  cityId: number | null;
  createdBySub: string;
  createdByEmail: string | null;
  requestId: string;
}

/**
 * Tickets for friends first (decision 036): `byPlace` is the pick's place-ordered candidates (columns id, place_key,
 * queue_seq; at most `count`, $1); in front of them go the friends holding a ticket that counts (used, not held by a
 * referral rule, not revoked) who hold a place (in the city: `cityFilter`) and no pending wave holds, in place order
 * among themselves. Resolves to at most `count` rows with a `lane` (0: a ticket, 1: the place order), one per entry.
 * The friends are a handful of rows, found through tickets_waiting_idx.
 */
function ticketHoldersFirst(byPlace: string, cityFilter: string): string {
  return `(select id, place_key, queue_seq, min(lane) as lane
             from ((select e.id, e.place_key, e.queue_seq, 0 as lane
                      from waitlist.tickets t join waitlist.entries e on e.id = t.used_by
                     where t.used_by is not null and t.held_rule is null and t.revoked_at is null
                       and ${HOLDS_PLACE} and e.place_key is not null ${cityFilter}
                       and not exists (select 1 from waitlist.wave_picks p where p.entry_id = e.id)
                     order by e.place_key, e.queue_seq
                     limit $1)
                   union all
                   select c.id, c.place_key, c.queue_seq, 1 as lane from (${byPlace}) c) candidates
            group by id, place_key, queue_seq
            order by lane, place_key, queue_seq
            limit $1)`;
}

/**
 * The pick ($1 count, $2 wave id, $3 city): the best `count` place holders (in the city, if any) that no pending wave
 * holds, recorded in place order, friends holding a ticket first (ticketHoldersFirst). Exported for the bench's
 * EXPLAIN.
 */
export function pickStatement(count: number, cityId: number | null, waveId: string) {
  const cityFilter = cityId === null ? '' : 'and e.city_id = $3';
  const values: unknown[] = [count, waveId];
  if (cityId !== null) values.push(cityId);
  const byPlace = `select e.id, e.place_key, e.queue_seq from waitlist.entries e
              where ${HOLDS_PLACE} and e.place_key is not null ${cityFilter}
                and not exists (select 1 from waitlist.wave_picks p where p.entry_id = e.id)
              order by ${cityId === null ? '' : 'e.city_id, '}e.place_key, e.queue_seq
              limit $1`;
  return {
    values,
    text: `insert into waitlist.wave_picks (wave_id, pos, entry_id)
     select $2, row_number() over (order by lane, place_key, queue_seq), id
       from ${ticketHoldersFirst(byPlace, cityFilter)} best`,
  };
}

/**
 * One batch of a wave ($1 wave id, $2 batch size, $3 request id): its next picks in place order (skipping picks
 * another applier holds) leave wave_picks, those still holding a place become `invited` and leave their buckets,
 * each gets one invitation mail, and the wave's count drops by the picks that no longer held a place (unsubscribed,
 * erased or rejected since the pick). Run with waitlist.bulk_buckets 'on'; exported for the bench's EXPLAIN.
 *
 * The picked ids reach the update as an array (`id = any(array(...))`: primary-key lookups). Joined to the CTE
 * instead, at 1,000,000 entries the planner hashed the whole table for 10,000 ids.
 */
export function applyBatchStatement(waveId: string, batchSize: number, requestId: string | null) {
  return {
    values: [waveId, batchSize, requestId],
    text: `with batch as (
       delete from waitlist.wave_picks p
        where p.wave_id = $1
          and p.pos = any(array(select pos from waitlist.wave_picks where wave_id = $1
                                 order by pos limit $2 for update skip locked))
       returning p.entry_id
     ),
     invited as (
       update waitlist.entries e
          set status = 'invited', invited_at = now(), wave_id = $1, updated_at = now()
        where e.id = any(array(select entry_id from batch)) and ${HOLDS_PLACE} and e.place_key is not null
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
     ),
     counted as (select (select count(*)::int from batch) as taken, (select count(*)::int from mailed) as invited),
     dropped as (
       update waitlist.invitation_waves w set invited = w.invited - (c.taken - c.invited)
         from counted c where w.id = $1 and c.taken > c.invited
     )
     select taken, invited from counted`,
  };
}

/** The bucket trigger stands aside and the wave's statements get a longer bound, until the transaction ends. */
async function enterBulkMode(client: pg.PoolClient): Promise<void> {
  // The pool bounds a statement at 5 s, which suits a visitor's request; a wave's statements are staff or worker
  // work of at most WAVE_MAX rows, and a machine at load 15 has taken 5.6 s for what a quiet one does in 1 s.
  await client.query(
    `select set_config('waitlist.bulk_buckets', 'on', true), set_config('statement_timeout', '${WAVE_TIMEOUT_MS}', true)`,
  );
}

async function runBatch(client: pg.PoolClient, waveId: string, batchSize: number, requestId: string | null) {
  // node-pg reads query_timeout from the query's own config (lib/client.js); @types/pg leaves it out of QueryConfig.
  const { rows } = await client.query<{ taken: number; invited: number }>({
    query_timeout: WAVE_TIMEOUT_MS + 1000,
    ...applyBatchStatement(waveId, batchSize, requestId),
  } as pg.QueryConfig);
  return rows[0] ?? { taken: 0, invited: 0 };
}

/**
 * A wave, in the caller's transaction: the wave row, its picks (the best `count` holders that no pending wave holds,
 * in place order) and the first batch of them invited, each with exactly one `invitation` outbox row. Picks beyond
 * the first batch are invited by the worker (applyWaveBatch). Resolves to how many were picked: the wave's size.
 *
 * The place buckets are adjusted by each batch's statement, one row per bucket it touched, with the bucket trigger
 * standing aside (waitlist.bulk_buckets, transaction-local; migration 009); each batch commits entries, buckets and
 * mails together, so every remaining place stays unique and gap-free.
 */
export async function inviteWave(
  client: pg.PoolClient,
  input: WaveInput,
  batchSize: number,
  /** Another pick (a balanced wave's: decision 035), run under the same lock; resolves to how many it recorded. */
  pick?: (client: pg.PoolClient, waveId: string) => Promise<number>,
): Promise<{ waveId: string; invited: number }> {
  const wave = await client.query<{ id: string }>(
    `insert into waitlist.invitation_waves (created_by_sub, created_by_email, city_id, requested, request_id)
     values ($1, $2, $3, $4, $5) returning id`,
    [input.createdBySub, input.createdByEmail, input.cityId, input.count, input.requestId],
  );
  const waveId = wave.rows[0]!.id;
  await enterBulkMode(client);
  await client.query(`select ${WAVE_PICK_LOCK}`);
  const invited = pick
    ? await pick(client, waveId)
    : ((await client.query(pickStatement(input.count, input.cityId, waveId))).rowCount ?? 0);
  await client.query('update waitlist.invitation_waves set invited = $2 where id = $1', [waveId, invited]);
  await runBatch(client, waveId, batchSize, input.requestId);
  await client.query(`select set_config('waitlist.bulk_buckets', 'off', true)`);
  return { waveId, invited };
}

/**
 * Records picks chosen in the service (a balanced wave's) for the wave, in the order given: the draft gives them as
 * the pick would record them (friends holding a ticket, then place order), so no entry is read again here. Resolves to
 * how many.
 */
export async function insertPicks(client: pg.PoolClient, waveId: string, entryIds: string[]): Promise<number> {
  const { rowCount } = await client.query(
    `insert into waitlist.wave_picks (wave_id, pos, entry_id)
     select $1, u.pos, u.id from unnest($2::bigint[]) with ordinality as u(id, pos)`,
    [waveId, entryIds],
  );
  return rowCount ?? 0;
}

export interface PendingWave {
  waveId: string;
  requestId: string | null;
}

/**
 * The oldest wave with picks left, if any: the worker's poll between waves, one index probe of an empty table and no
 * transaction.
 */
export async function oldestPendingWave(db: Queryable): Promise<PendingWave | undefined> {
  const { rows } = await db.query<PendingWave>(
    `select p.wave_id as "waveId", w.request_id as "requestId"
       from (select wave_id from waitlist.wave_picks order by wave_id limit 1) p
       left join waitlist.invitation_waves w on w.id = p.wave_id`,
  );
  return rows[0];
}

/**
 * The wave's next batch, in the caller's transaction. Resolves to how many picks it took (0: none left, or every one
 * held by another applier) and how many of them it invited.
 */
export async function applyWaveBatch(
  client: pg.PoolClient,
  wave: PendingWave,
  batchSize: number,
): Promise<{ taken: number; invited: number }> {
  await enterBulkMode(client);
  const result = await runBatch(client, wave.waveId, batchSize, wave.requestId);
  await client.query(`select set_config('waitlist.bulk_buckets', 'off', true)`);
  return result;
}

/**
 * How many a wave would invite now, and how many hold a place (in the city) and are not already chosen by a wave the
 * worker is still inviting.
 */
export async function previewWave(
  db: Queryable,
  count: number,
  cityId: number | null,
): Promise<{ matching: number; holders: number }> {
  const cityFilter = cityId === null ? '' : 'and e.city_id = $1';
  const { rows } = await db.query<{ holders: number }>(
    `select count(*)::int as holders from waitlist.entries e
      where ${HOLDS_PLACE} ${cityFilter}
        and not exists (select 1 from waitlist.wave_picks p where p.entry_id = e.id)`,
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

export interface WaveBacklog {
  /** People accepted waves chose and the worker has not invited yet. */
  pending: number;
  /** Seconds since the oldest wave with picks left was accepted (0 when none is). */
  oldestSeconds: number;
}

/** What the worker still owes accepted waves: a count of a table that is empty between waves. */
export async function waveBacklog(db: Queryable): Promise<WaveBacklog> {
  const { rows } = await db.query<{ pending: number; oldest: number | null }>(
    `select count(*)::int as pending, extract(epoch from now() - min(w.created_at))::float8 as oldest
       from waitlist.wave_picks p left join waitlist.invitation_waves w on w.id = p.wave_id`,
  );
  return { pending: rows[0]?.pending ?? 0, oldestSeconds: Math.max(0, rows[0]?.oldest ?? 0) };
}
