import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';

/** A ticket's state as its link and its member see it; staff also see `held` (used, held by a referral rule). */
const PUBLIC_STATE = `case when t.revoked_at is not null then 'revoked' when t.used_at is not null then 'used' else 'open' end`;
const STAFF_STATE = `case when t.revoked_at is not null then 'revoked' when t.held_rule is not null then 'held'
                          when t.used_at is not null then 'used' else 'open' end`;

/** A member's tickets, slot by slot; creating them again creates nothing (unique owner and slot). */
export async function insertTickets(client: Queryable, ownerId: string, hashes: Buffer[]): Promise<void> {
  if (!hashes.length) return;
  await client.query(
    `insert into waitlist.tickets (owner_id, slot, code_hash)
     select $1, slot, hash from unnest($2::bytea[]) with ordinality as h(hash, slot)
     on conflict (owner_id, slot) do nothing`,
    [ownerId, hashes],
  );
}

export interface MemberTicketRow {
  slot: number;
  state: 'open' | 'used' | 'revoked';
}

export async function ticketsOf(db: Queryable, ownerId: string): Promise<MemberTicketRow[]> {
  const { rows } = await db.query<MemberTicketRow>(
    `select t.slot, ${PUBLIC_STATE} as state from waitlist.tickets t where t.owner_id = $1 order by t.slot`,
    [ownerId],
  );
  return rows;
}

/** The entry behind an invitation token (its member), or undefined. */
export async function memberByInviteToken(
  db: Queryable,
  hash: Buffer,
): Promise<{ entryId: string; purpose: string; status: string } | undefined> {
  const { rows } = await db.query<{ entryId: string; purpose: string; status: string }>(
    `select e.id as "entryId", t.purpose, e.status
       from waitlist.tokens t join waitlist.entries e on e.id = t.entry_id where t.token_hash = $1`,
    [hash],
  );
  return rows[0];
}

export async function ticketStateByHash(db: Queryable, hash: Buffer): Promise<'open' | 'used' | 'revoked' | undefined> {
  const { rows } = await db.query<{ state: 'open' | 'used' | 'revoked' }>(
    `select ${PUBLIC_STATE} as state from waitlist.tickets t where t.code_hash = $1`,
    [hash],
  );
  return rows[0]?.state;
}

export interface TicketForUse {
  id: string;
  ownerId: string;
  ownerAlias: string | null;
  usedBy: string | null;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * The ticket and its member's row, locked: two friends using one ticket wait for each other here, and the second
 * finds it used. The member's row is locked too, so the referral rules count the member's other tickets exactly.
 */
export async function lockTicket(client: pg.PoolClient, hash: Buffer): Promise<TicketForUse | undefined> {
  const { rows } = await client.query<TicketForUse>(
    `select t.id, t.owner_id as "ownerId", t.used_by as "usedBy", t.used_at as "usedAt", t.revoked_at as "revokedAt",
            waitlist.alias_key(coalesce(o.email_canonical, waitlist.canonical_email(o.email_normalized))) as "ownerAlias"
       from waitlist.tickets t join waitlist.entries o on o.id = t.owner_id
      where t.code_hash = $1
        for update of t, o`,
    [hash],
  );
  return rows[0];
}

export interface FriendRow {
  entryId: string;
  status: 'pending' | 'confirmed' | 'invited' | 'admitted' | 'unsubscribed';
  alias: string;
  /** A ticket this entry used already (one per person). */
  holdsTicket: boolean;
}

const FRIEND = `select e.id as "entryId", e.status,
            waitlist.alias_key(coalesce(e.email_canonical, waitlist.canonical_email(e.email_normalized))) as alias,
            exists (select 1 from waitlist.tickets h where h.used_by = e.id) as "holdsTicket"
       from waitlist.entries e`;

/** The entry behind a confirmation (place) link, locked: the proof that the person holds it. */
export async function lockFriendByConfirmToken(
  client: pg.PoolClient,
  hash: Buffer,
): Promise<(FriendRow & { purpose: string }) | undefined> {
  const { rows } = await client.query<FriendRow & { purpose: string }>(
    `${FRIEND.replace('select ', 'select t.purpose, ')} join waitlist.tokens t on t.entry_id = e.id
      where t.token_hash = $1 for update of e`,
    [hash],
  );
  return rows[0];
}

/** The entry the confirmation is confirming (its row is locked by the confirmation already). */
export async function friendById(client: pg.PoolClient, entryId: string): Promise<FriendRow> {
  const { rows } = await client.query<FriendRow>(`${FRIEND} where e.id = $1`, [entryId]);
  return rows[0]!;
}

/** Takes the ticket a sign-up brought off its entry (it is used now, or refused for good). */
export async function takeBroughtTicket(client: pg.PoolClient, entryId: string): Promise<Buffer | null> {
  const { rows } = await client.query<{ hash: Buffer | null }>(
    `update waitlist.entries e set ticket_hash = null
       from (select id, ticket_hash from waitlist.entries where id = $1) before
      where e.id = before.id and before.ticket_hash is not null
     returning before.ticket_hash as hash`,
    [entryId],
  );
  return rows[0]?.hash ?? null;
}

/** A pending entry keeps the ticket for its confirmation (the last one it was given). */
export async function keepTicketForConfirmation(client: pg.PoolClient, entryId: string, hash: Buffer): Promise<void> {
  await client.query('update waitlist.entries set ticket_hash = $2 where id = $1', [entryId, hash]);
}

/** Uses the (locked, open) ticket for `entryId`; `heldRule` when a referral rule holds the use. */
export async function markTicketUsed(
  client: pg.PoolClient,
  ticketId: string,
  entryId: string,
  heldRule: string | null,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `update waitlist.tickets set used_by = $2, used_at = now(), held_rule = $3
      where id = $1 and used_at is null and revoked_at is null`,
    [ticketId, entryId, heldRule],
  );
  return rowCount === 1;
}

export interface StaffTicketRow {
  id: string;
  ownerId: string;
  ownerEmail: string;
  createdAt: Date;
  state: 'open' | 'used' | 'held' | 'revoked';
  usedById: string | null;
  usedByEmail: string | null;
  usedAt: Date | null;
  heldRule: string | null;
  revokedAt: Date | null;
  revokedReason: string | null;
}

const STAFF_TICKET = `select t.id, t.owner_id as "ownerId", o.email as "ownerEmail", t.created_at as "createdAt",
            ${STAFF_STATE} as state, t.used_by as "usedById", f.email as "usedByEmail", t.used_at as "usedAt",
            t.held_rule as "heldRule", t.revoked_at as "revokedAt", t.revoked_reason as "revokedReason"
       from waitlist.tickets t
       join waitlist.entries o on o.id = t.owner_id
       left join waitlist.entries f on f.id = t.used_by`;

export async function listTickets(
  db: Queryable,
  state: StaffTicketRow['state'] | undefined,
  limit: number,
): Promise<StaffTicketRow[]> {
  const { rows } = await db.query<StaffTicketRow>(
    `${STAFF_TICKET} where $1::text is null or ${STAFF_STATE} = $1 order by t.created_at desc, t.id desc limit $2`,
    [state ?? null, limit],
  );
  return rows;
}

export async function ticketById(db: Queryable, id: string): Promise<StaffTicketRow | undefined> {
  const { rows } = await db.query<StaffTicketRow>(`${STAFF_TICKET} where t.id = $1`, [id]);
  return rows[0];
}

export interface TicketTotalsRow {
  given: number;
  used: number;
  held: number;
  revoked: number;
  waiting: number;
}

/** Counts over the tickets table: one row per ticket given, a few per member. */
export async function ticketTotals(db: Queryable): Promise<TicketTotalsRow> {
  const { rows } = await db.query<TicketTotalsRow>(
    `select count(*)::int as given,
            count(*) filter (where t.used_at is not null)::int as used,
            count(*) filter (where t.held_rule is not null)::int as held,
            count(*) filter (where t.revoked_at is not null)::int as revoked,
            (select count(*)::int from waitlist.tickets w join waitlist.entries e on e.id = w.used_by
              where w.held_rule is null and w.revoked_at is null and e.status = 'confirmed') as waiting
       from waitlist.tickets t`,
  );
  return rows[0]!;
}

/** Lifts a referral rule's hold on a used, unrevoked ticket; false when there was none to lift. */
export async function approveHeldTicket(client: pg.PoolClient, id: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `update waitlist.tickets set held_rule = null
      where id = $1 and held_rule is not null and revoked_at is null`,
    [id],
  );
  return rowCount === 1;
}

/** Revokes the ticket (locked); false when it was revoked already. */
export async function revokeTicket(
  client: pg.PoolClient,
  id: string,
  bySub: string,
  reason: string,
): Promise<'revoked' | 'already' | 'missing'> {
  const { rows } = await client.query<{ revokedAt: Date | null }>(
    'select revoked_at as "revokedAt" from waitlist.tickets where id = $1 for update',
    [id],
  );
  if (!rows[0]) return 'missing';
  if (rows[0].revokedAt) return 'already';
  await client.query(
    `update waitlist.tickets set revoked_at = now(), revoked_by_sub = $2, revoked_reason = $3 where id = $1`,
    [id, bySub, reason],
  );
  return 'revoked';
}
