import type { Language } from '@mmdm/contracts/languages';
import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';

/**
 * "Holds a place" (decision 011), written exactly as in the partial indexes entries_place_idx and
 * entries_city_place_idx so the planner can use them.
 */
export const HOLDS_PLACE = `status = 'confirmed' and review_state is distinct from 'rejected'`;

/**
 * The place of one entry: holders of lower buckets (at most ~1,000 small rows) plus holders ahead in its own bucket
 * (at most 1,024 index entries), in one statement, whatever the length of the line. Null when it holds no place.
 */
export const PLACE_OF = `
  select case when e.status = 'confirmed' and e.review_state is distinct from 'rejected' and e.place_key is not null then
      1 + coalesce((select sum(b.holders) from waitlist.place_buckets b
                     where b.bucket < waitlist.place_bucket(e.place_key)), 0)
        + (select count(*) from waitlist.entries a
            where a.status = 'confirmed' and a.review_state is distinct from 'rejected'
              and a.place_key >= (waitlist.place_bucket(e.place_key) << 10)
              and (a.place_key, a.queue_seq) < (e.place_key, e.queue_seq))
    end::int as position`;

export interface StatusRow {
  entryId: string;
  purpose: string;
  expired: boolean;
  email: string;
  status: 'pending' | 'confirmed' | 'invited' | 'admitted' | 'unsubscribed';
  referralCode: string | null;
  position: number | null;
  referralCount: number;
  boost: number;
  confirmedAt: Date | null;
  cityId: number | null;
  cityName: string | null;
  cityOther: boolean;
  invitedAt: Date | null;
  admittedAt: Date | null;
  lineLength: number;
  friendsPending: number;
  friendsHeld: number;
  language: Language;
}

/**
 * The whole picture of one entry: its own columns, the line's length (the bucket counts: at most ~1,000 small rows),
 * friends who signed up with its code and have not confirmed (entries_referral_source_pending_idx, migration 016)
 * and friends whose credit is held for a check (referral_credits_referrer_idx).
 */
const STATUS_COLUMNS = `e.id as "entryId", e.email, e.status, e.referral_code as "referralCode", e.credits as "referralCount",
  (select boost from waitlist.place_rule) as boost, e.confirmed_at as "confirmedAt", e.city_id as "cityId",
  c.name as "cityName", e.city_other as "cityOther", e.invited_at as "invitedAt", e.admitted_at as "admittedAt",
  e.language,
  (select coalesce(sum(b.holders), 0)::int from waitlist.place_buckets b) as "lineLength",
  (case when e.referral_code is null then 0 else
     (select count(*) from waitlist.entries f
       where f.referral_source = e.referral_code and f.status = 'pending' and f.referral_source is not null)
   end)::int as "friendsPending",
  (select count(*) from waitlist.referral_credits h where h.referrer_id = e.id and h.state = 'held')::int
    as "friendsHeld"`;

/** The status page's one statement ($1: the token's hash); exported so the bench can EXPLAIN exactly this. */
export const STATUS_BY_TOKEN = `select t.purpose, (t.expires_at is not null and t.expires_at <= now()) as expired,
            ${STATUS_COLUMNS}, p.position
       from waitlist.tokens t
       join waitlist.entries e on e.id = t.entry_id
       left join waitlist.cities c on c.id = e.city_id
       cross join lateral (${PLACE_OF}) p
      where t.token_hash = $1`;

/** A token, its entry and the entry's place, read-only, in one round trip. */
export async function findByToken(db: Queryable, hash: Buffer): Promise<StatusRow | undefined> {
  const { rows } = await db.query<StatusRow>(STATUS_BY_TOKEN, [hash]);
  return rows[0];
}

export async function findByEntryId(db: Queryable, entryId: string): Promise<Omit<StatusRow, 'purpose' | 'expired'>> {
  const { rows } = await db.query<StatusRow>(
    `select ${STATUS_COLUMNS}, p.position
       from waitlist.entries e
       left join waitlist.cities c on c.id = e.city_id
       cross join lateral (${PLACE_OF}) p
      where e.id = $1`,
    [entryId],
  );
  return rows[0]!;
}

/** Place and credits of the entries of one page of the staff list. */
export async function placesOf(
  db: Queryable,
  ids: string[],
): Promise<{ id: string; position: number | null; credits: number; cityId: number | null }[]> {
  const { rows } = await db.query<{ id: string; position: number | null; credits: number; cityId: number | null }>(
    `select e.id, p.position, e.credits, e.city_id as "cityId"
       from waitlist.entries e cross join lateral (${PLACE_OF}) p
      where e.id = any($1::bigint[])`,
    [ids],
  );
  return rows;
}

/**
 * The confirmed entry takes the next place in line: its queue number, its key (no credit yet) and its canonical
 * address. The bucket trigger counts it in the same transaction.
 */
export async function enterLine(
  client: pg.PoolClient,
  entryId: string,
): Promise<{ referralSource: string | null; emailCanonical: string }> {
  const { rows } = await client.query<{ referralSource: string | null; emailCanonical: string }>(
    `update waitlist.entries
        set queue_seq = nextval('waitlist.queue_seq'),
            place_key = waitlist.place_key(currval('waitlist.queue_seq'), credits, (select boost from waitlist.place_rule)),
            email_canonical = waitlist.canonical_email(email_normalized)
      where id = $1
      returning referral_source as "referralSource", email_canonical as "emailCanonical"`,
    [entryId],
  );
  return rows[0]!;
}

export interface Referrer {
  id: string;
  emailCanonical: string | null;
  credits: number;
}

/** The entry whose own code was typed, locked (its credits change), if it is on the list past confirmation. */
export async function lockReferrerByCode(client: pg.PoolClient, code: string): Promise<Referrer | undefined> {
  const { rows } = await client.query<Referrer>(
    `select id, coalesce(email_canonical, waitlist.canonical_email(email_normalized)) as "emailCanonical", credits
       from waitlist.entries
      where referral_code = $1 and status in ('confirmed', 'invited', 'admitted')
      for update`,
    [code],
  );
  return rows[0];
}

/**
 * Whether `code` is the referral code of an entry on the list (past confirmation), and the rule's boost: what a share
 * link's page may know. Nothing about the entry itself leaves this query.
 */
export async function referralCodeCheck(db: Queryable, code: string): Promise<{ valid: boolean; boost: number }> {
  const { rows } = await db.query<{ valid: boolean; boost: number }>(
    `select exists (select 1 from waitlist.entries
                     where referral_code = $1 and status in ('confirmed', 'invited', 'admitted')) as valid,
            (select boost from waitlist.place_rule) as boost`,
    [code],
  );
  return rows[0] ?? { valid: false, boost: 0 };
}

export type CreditState = 'granted' | 'refused' | 'revoked' | 'held';

export async function recordCredit(
  client: pg.PoolClient,
  credit: { referrerId: string; referredId: string; state: CreditState; reason: string; rule?: string | null },
): Promise<void> {
  await client.query('update waitlist.entries set referrer_id = $1 where id = $2', [
    credit.referrerId,
    credit.referredId,
  ]);
  await client.query(
    `insert into waitlist.referral_credits (referrer_id, referred_id, state, reason, rule, decided_at)
     values ($1, $2, $3, $4, $5, case when $3 <> 'held' then now() end)
     on conflict (referred_id) do nothing`,
    [credit.referrerId, credit.referredId, credit.state, credit.reason, credit.rule ?? null],
  );
}

/** Adds `delta` credits and moves the key with them, under the rule's boost. */
export async function addCredits(client: pg.PoolClient, entryId: string, delta: number): Promise<void> {
  await client.query(
    `update waitlist.entries
        set credits = greatest(credits + $2, 0),
            place_key = waitlist.place_key(queue_seq, greatest(credits + $2, 0), (select boost from waitlist.place_rule)),
            updated_at = now()
      where id = $1`,
    [entryId, delta],
  );
}

/** The granted credit the referred entry gave, locked with its referrer; undefined when it gave none. */
export async function lockGrantedCreditOf(
  client: pg.PoolClient,
  referredId: string,
): Promise<{ creditId: string; referrerId: string } | undefined> {
  const { rows } = await client.query<{ creditId: string; referrerId: string }>(
    `select c.id as "creditId", c.referrer_id as "referrerId"
       from waitlist.referral_credits c join waitlist.entries p on p.id = c.referrer_id
      where c.referred_id = $1 and c.state = 'granted'
      for update of c, p`,
    [referredId],
  );
  return rows[0];
}

export async function markCreditRevoked(
  client: pg.PoolClient,
  creditId: string,
  reason: string,
  decidedBy: string,
): Promise<void> {
  await client.query(
    `update waitlist.referral_credits set state = 'revoked', reason = $2, decided_at = now(), decided_by = $3
      where id = $1`,
    [creditId, reason, decidedBy],
  );
}

export interface CityRow {
  id: number;
  name: string;
  sort: number;
  createdAt: Date;
}

export async function listCities(db: Queryable): Promise<CityRow[]> {
  const { rows } = await db.query<CityRow>(
    `select id, name, sort, created_at as "createdAt" from waitlist.cities order by sort, name`,
  );
  return rows;
}

export async function cityPeople(db: Queryable): Promise<Map<number, number>> {
  const { rows } = await db.query<{ cityId: number; people: number }>(
    `select city_id as "cityId", count(*)::int as people from waitlist.entries
      where city_id is not null group by city_id`,
  );
  return new Map(rows.map((row) => [row.cityId, row.people]));
}

/**
 * Adds a city unless one of the same name, ignoring case and surrounding spaces, is there (the unique index on
 * lower(btrim(name)), migration 018): then answers that city's name as written.
 */
export async function insertCity(
  db: Queryable,
  name: string,
  sort: number,
): Promise<{ created: CityRow } | { existing: string }> {
  const { rows } = await db.query<CityRow>(
    `insert into waitlist.cities (name, sort) values ($1, $2) on conflict do nothing
     returning id, name, sort, created_at as "createdAt"`,
    [name, sort],
  );
  if (rows[0]) return { created: rows[0] };
  const existing = await db.query<{ name: string }>(
    'select name from waitlist.cities where lower(btrim(name)) = lower(btrim($1))',
    [name],
  );
  return { existing: existing.rows[0]?.name ?? name };
}

export async function deleteCity(db: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('delete from waitlist.cities where id = $1 returning name', [id]);
  return rows[0]?.name;
}

/** The city choice of a person past confirmation; false when the token is not one of theirs. */
export async function setCityByToken(
  db: Queryable,
  hash: Buffer,
  choice: number | 'other' | null,
): Promise<'set' | 'no_entry' | 'no_city'> {
  const cityId = typeof choice === 'number' ? choice : null;
  const { rows } = await db.query<{ updated: number; cityExists: boolean }>(
    `with target as (
       select e.id from waitlist.tokens t join waitlist.entries e on e.id = t.entry_id
        where t.token_hash = $1 and t.purpose = 'confirm' and e.status in ('confirmed', 'invited', 'admitted')
     ),
     city as (select id from waitlist.cities where id = $2::int),
     updated as (
       update waitlist.entries e set city_id = (select id from city), city_other = $3, updated_at = now()
        where e.id in (select id from target) and ($2::int is null or exists (select 1 from city))
       returning e.id
     )
     select (select count(*)::int from updated) as updated, exists (select 1 from city) as "cityExists",
            exists (select 1 from target) as "hasTarget"`,
    [hash, cityId, choice === 'other'],
  );
  const row = rows[0] as { updated: number; cityExists: boolean; hasTarget?: boolean } | undefined;
  if (!row?.hasTarget) return 'no_entry';
  if (cityId !== null && !row.cityExists) return 'no_city';
  return 'set';
}

/**
 * The language of the entry a confirmation link belongs to ($1 the token's hash): its owner's page changes it, for
 * every mail from now on. Any entry still on the list, pending ones too (a new confirmation mail speaks it).
 */
export async function setLanguageByToken(db: Queryable, hash: Buffer, language: Language): Promise<boolean> {
  const { rowCount } = await db.query(
    `update waitlist.entries e set language = $2, updated_at = now()
       from waitlist.tokens t
      where t.token_hash = $1 and t.purpose = 'confirm' and e.id = t.entry_id and e.status <> 'unsubscribed'`,
    [hash, language],
  );
  return (rowCount ?? 0) > 0;
}

/** The boost place keys were written with. */
export async function placeRuleBoost(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ boost: number }>('select boost from waitlist.place_rule');
  return rows[0]?.boost ?? 0;
}

/**
 * REFERRAL_BOOST changed: record the new boost, then rewrite the keys in batches of `batch` (each batch its own short
 * transaction, so confirmations never wait long). Credits granted meanwhile already use the new boost.
 */
export async function rewritePlaceKeys(pool: pg.Pool, boost: number, batch = 5000): Promise<number> {
  await pool.query('update waitlist.place_rule set boost = $1', [boost]);
  let total = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `update waitlist.entries e set place_key = waitlist.place_key(e.queue_seq, e.credits, $1)
        where e.id in (select id from waitlist.entries
                        where queue_seq is not null and credits > 0
                          and place_key <> waitlist.place_key(queue_seq, credits, $1)
                        limit $2 for update skip locked)`,
      [boost, batch],
    );
    total += rowCount ?? 0;
    if (!rowCount) return total;
  }
}

export interface LaunchCityRow {
  cityId: number | null;
  cityName: string | null;
  other: boolean;
  confirmed: number;
  invited: number;
  admitted: number;
}

export async function perCityCounts(db: Queryable): Promise<LaunchCityRow[]> {
  const { rows } = await db.query<LaunchCityRow>(
    `select e.city_id as "cityId", c.name as "cityName", e.city_other as other,
            count(*) filter (where e.status = 'confirmed')::int as confirmed,
            count(*) filter (where e.status = 'invited')::int as invited,
            count(*) filter (where e.status = 'admitted')::int as admitted
       from waitlist.entries e left join waitlist.cities c on c.id = e.city_id
      where e.status in ('confirmed', 'invited', 'admitted') and (e.city_id is not null or e.city_other)
      group by e.city_id, c.name, e.city_other
     union all
     select null, null, false,
            (select count(*)::int from waitlist.entries where status = 'confirmed' and city_id is null and not city_other),
            (select count(*)::int from waitlist.entries where status = 'invited' and city_id is null and not city_other),
            (select count(*)::int from waitlist.entries where status = 'admitted' and city_id is null and not city_other)`,
  );
  return rows;
}

export async function topReferrers(
  db: Queryable,
  limit: number,
): Promise<{ id: string; email: string; referralCode: string | null; credits: number }[]> {
  const { rows } = await db.query<{ id: string; email: string; referralCode: string | null; credits: number }>(
    `select id, email, referral_code as "referralCode", credits from waitlist.entries
      where credits > 0 order by credits desc, queue_seq limit $1`,
    [limit],
  );
  return rows;
}

export interface LaunchListQuery {
  order: 'desc' | 'asc' | 'place';
  status?: string | undefined;
  city?: number | undefined;
  limit: number;
  /** Decoded keyset: [place_key, queue_seq] for `place`, [created_at text, id] otherwise. */
  after?: [string, string] | undefined;
}

export interface LaunchListRow {
  id: string;
  email: string;
  status: string;
  referralSource: string | null;
  referralCode: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  credits: number;
  cityId: number | null;
  position: number | null;
  k1: string;
  k2: string;
}

/**
 * The staff list by place (people holding one, best first: the place index is the keyset) or by city (a city's
 * people in list order, through the small city index). The places of a page: one bucket sum and one short index
 * range per row.
 */
export async function listByPlaceOrCity(db: Queryable, query: LaunchListQuery): Promise<LaunchListRow[]> {
  const values: unknown[] = [];
  const where: string[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  let order: string;
  let keys: string;
  if (query.order === 'place') {
    where.push(`e.status = 'confirmed' and e.review_state is distinct from 'rejected'`);
    if (query.city !== undefined) where.push(`e.city_id = ${add(query.city)}`);
    if (query.after)
      where.push(`(e.place_key, e.queue_seq) > (${add(query.after[0])}::bigint, ${add(query.after[1])}::bigint)`);
    order = 'e.place_key, e.queue_seq';
    keys = 'e.place_key::text as k1, e.queue_seq::text as k2';
  } else {
    const direction = query.order === 'asc' ? 'asc' : 'desc';
    where.push(`e.city_id = ${add(query.city)}`);
    if (query.status) where.push(`e.status = ${add(query.status)}`);
    if (query.after) {
      where.push(
        `(e.created_at, e.id) ${direction === 'asc' ? '>' : '<'} (${add(query.after[0])}::timestamptz, ${add(query.after[1])}::bigint)`,
      );
    }
    order = `e.created_at ${direction}, e.id ${direction}`;
    keys = 'e.created_at::text as k1, e.id::text as k2';
  }
  const { rows } = await db.query<LaunchListRow>(
    `select e.id, e.email, e.status, e.referral_source as "referralSource", e.referral_code as "referralCode",
            e.created_at as "createdAt", e.confirmed_at as "confirmedAt", e.credits, e.city_id as "cityId",
            p.position, ${keys}
       from (select * from waitlist.entries e where ${where.join(' and ')} order by ${order} limit ${query.limit + 1}) e
       cross join lateral (${PLACE_OF}) p
      order by ${order}`,
    values,
  );
  return rows;
}
