import { randomUUID } from 'node:crypto';
import type { Queryable } from '@mmdm/shared/db';
import { uniqueEmail } from '@mmdm/tests/support';
import { issueToken, type TokenPurpose } from '../lib/tokens.js';
import { suppressionHash } from './waitlist-harness.js';

/*
 * Test data, one row at a time: each factory inserts one row with the columns a test names, unique values wherever
 * the test does not care and the table's defaults elsewhere (no place in line, no derived column), and answers its
 * id and fields. Tests seed through these instead of writing INSERTs by hand; raw SQL stays where the SQL itself is
 * under test or where thousands of rows are made at once.
 */

/** A moment `hours` hours before now. */
export const hoursAgo = (hours: number): Date => new Date(Date.now() - hours * 3_600_000);

/** A moment `days` days (of 24 hours) before now. */
export const daysAgo = (days: number): Date => hoursAgo(days * 24);

export type EntryStatus = 'pending' | 'confirmed' | 'invited' | 'admitted' | 'unsubscribed';

export interface EntryFields {
  email: string;
  status: EntryStatus;
  referralSource: string | null;
  referralCode: string | null;
  cityId: number | null;
  credits: number;
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  lastMailQueuedAt: Date | null;
}

export interface BuiltEntry extends EntryFields {
  id: string;
}

/**
 * A row of waitlist.entries: by default a pending sign-up of a fresh address, made now (the column's default) and
 * never mailed. The other fields are stored as given; nothing is derived from the status.
 */
export async function buildEntry(db: Queryable, overrides: Partial<EntryFields> = {}): Promise<BuiltEntry> {
  const fields: Omit<EntryFields, 'createdAt'> = {
    email: overrides.email ?? uniqueEmail('entry'),
    status: overrides.status ?? 'pending',
    referralSource: overrides.referralSource ?? null,
    referralCode: overrides.referralCode ?? null,
    cityId: overrides.cityId ?? null,
    credits: overrides.credits ?? 0,
    confirmedAt: overrides.confirmedAt ?? null,
    unsubscribedAt: overrides.unsubscribedAt ?? null,
    lastMailQueuedAt: overrides.lastMailQueuedAt ?? null,
  };
  const { rows } = await db.query<{ id: string; createdAt: Date }>(
    `insert into waitlist.entries (email, email_normalized, status, referral_source, referral_code, city_id, credits,
                                   created_at, confirmed_at, unsubscribed_at, last_mail_queued_at)
     values ($1, lower($1), $2, $3, $4, $5, $6, coalesce($7, now()), $8, $9, $10)
     returning id, created_at as "createdAt"`,
    [
      fields.email,
      fields.status,
      fields.referralSource,
      fields.referralCode,
      fields.cityId,
      fields.credits,
      overrides.createdAt ?? null,
      fields.confirmedAt,
      fields.unsubscribedAt,
      fields.lastMailQueuedAt,
    ],
  );
  const row = rows[0]!;
  return { ...fields, id: row.id, createdAt: row.createdAt };
}

/**
 * Many rows of waitlist.entries in one statement: for thousands at once, or a backlog a worker must find whole. Each
 * is a pending sign-up of its address made now unless it says otherwise. `inLine`: each a confirmed entry holding the
 * next place, with a referral code, as confirming leaves it; `mail`: each with an outbox row of this kind, queued in
 * the same statement. Answers the rows in the order given.
 */
export async function buildEntries(
  db: Queryable,
  entries: { email: string; status?: EntryStatus; createdAt?: Date; confirmedAt?: Date | null }[],
  options: { inLine?: boolean; mail?: OutboxFields['kind'] } = {},
): Promise<{ id: string; email: string }[]> {
  const { rows } = await db.query<{ id: string; email: string }>(
    `with given as (
       select g.email, g.status, g.created_at, g.confirmed_at, g.n,
              case when $5 then nextval('waitlist.queue_seq') end as seq
         from unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[])
              with ordinality as g(email, status, created_at, confirmed_at, n)
        order by g.n
     ), made as (
       insert into waitlist.entries (email, email_normalized, status, created_at, confirmed_at, referral_code,
                                     queue_seq, place_key)
       select email, lower(email), case when $5 then 'confirmed' else coalesce(status, 'pending') end,
              coalesce(created_at, now()), case when $5 then coalesce(confirmed_at, now()) else confirmed_at end,
              case when $5 then upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)) end,
              seq, case when $5 then waitlist.place_key(seq, 0, (select boost from waitlist.place_rule)) end
         from given order by n
       returning id, email
     ), mailed as (
       insert into waitlist.outbox (entry_id, kind) select id, $6 from made where $6::text is not null
     )
     select made.id, made.email from made join given using (email) order by given.n`,
    [
      entries.map((entry) => entry.email),
      entries.map((entry) => entry.status ?? null),
      entries.map((entry) => entry.createdAt ?? null),
      entries.map((entry) => entry.confirmedAt ?? null),
      options.inLine ?? false,
      options.mail ?? null,
    ],
  );
  return rows;
}

export interface BuiltToken {
  /** What a mail's link carries. */
  raw: string;
  hash: Buffer;
}

/** A row of waitlist.tokens for an entry: by default a confirmation link valid for a day. */
export async function buildToken(
  db: Queryable,
  entryId: string,
  overrides: { purpose?: TokenPurpose; expiresAt?: Date | null } = {},
): Promise<BuiltToken> {
  const token = issueToken();
  const expiresAt = overrides.expiresAt === undefined ? new Date(Date.now() + 86_400_000) : overrides.expiresAt;
  await db.query(`insert into waitlist.tokens (token_hash, entry_id, purpose, expires_at) values ($1, $2, $3, $4)`, [
    token.hash,
    entryId,
    overrides.purpose ?? 'confirm',
    expiresAt,
  ]);
  return token;
}

export interface OutboxFields {
  kind: 'confirmation' | 'welcome' | 'invitation' | 'data_access' | 'place_link' | 'friend_joined' | 'contact';
  relayedAt: Date | null;
  sentAt: Date | null;
  /** When the worker gave up on it (a dead letter). */
  failedAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/**
 * A row of waitlist.outbox for an entry: by default a confirmation mail as the sign-up path queues it (not relayed,
 * not sent, never tried).
 */
export async function buildOutboxRow(
  db: Queryable,
  entryId: string,
  overrides: Partial<OutboxFields> = {},
): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(
    `insert into waitlist.outbox (entry_id, kind, relayed_at, sent_at, failed_at, attempts, last_error)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      entryId,
      overrides.kind ?? 'confirmation',
      overrides.relayedAt ?? null,
      overrides.sentAt ?? null,
      overrides.failedAt ?? null,
      overrides.attempts ?? 0,
      overrides.lastError ?? null,
    ],
  );
  return { id: rows[0]!.id };
}

/**
 * A row of waitlist.contact_messages with its mail's outbox row, as the contact form's statement leaves them: by
 * default a message of a fresh address, received now, still open, its mail already sent (so no worker picks it up).
 */
export async function buildContactMessage(
  db: Queryable,
  overrides: { name?: string; email?: string; message?: string; receivedAt?: Date; handledAt?: Date | null } = {},
): Promise<{ id: string; outboxId: string; email: string }> {
  const email = overrides.email ?? uniqueEmail('writer');
  const { rows } = await db.query<{ id: string; outboxId: string }>(
    `with saved as (
       insert into waitlist.contact_messages (name, email, email_normalized, message, created_at, handled_at)
       values ($1, $2, lower($2), $3, coalesce($4, now()), $5)
       returning id
     ), queued as (
       insert into waitlist.outbox (contact_message_id, kind, relayed_at, sent_at)
       select id, 'contact', now(), now() from saved
       returning id
     )
     select saved.id, queued.id as "outboxId" from saved, queued`,
    [
      overrides.name ?? 'Jane Doe',
      email,
      overrides.message ?? 'Hello, a question about the launch.',
      overrides.receivedAt ?? null,
      overrides.handledAt ?? null,
    ],
  );
  return { id: rows[0]!.id, outboxId: rows[0]!.outboxId, email };
}

/** A row of waitlist.cities, by default with a name of its own. */
export async function buildCity(
  db: Queryable,
  overrides: { name?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = overrides.name ?? `City ${randomUUID().slice(0, 8)}`;
  const { rows } = await db.query<{ id: number }>(`insert into waitlist.cities (name) values ($1) returning id`, [
    name,
  ]);
  return { id: rows[0]!.id, name };
}

/** A row of waitlist.invitation_waves: by default a wave for one city that invited one person. */
export async function buildInvitationWave(
  db: Queryable,
  wave: { cityId: number; createdBySub?: string; requested?: number; invited?: number },
): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(
    `insert into waitlist.invitation_waves (created_by_sub, city_id, requested, invited) values ($1, $2, $3, $4)
     returning id`,
    [wave.createdBySub ?? 'staff', wave.cityId, wave.requested ?? 1, wave.invited ?? 1],
  );
  return { id: rows[0]!.id };
}

/** A row of waitlist.referral_credits: by default a credit granted for a confirmed friend. */
export async function buildReferralCredit(
  db: Queryable,
  credit: {
    referrerId: string;
    referredId: string;
    state?: 'granted' | 'held' | 'refused' | 'revoked';
    reason?: string;
  },
): Promise<void> {
  await db.query(
    `insert into waitlist.referral_credits (referrer_id, referred_id, state, reason) values ($1, $2, $3, $4)`,
    [credit.referrerId, credit.referredId, credit.state ?? 'granted', credit.reason ?? 'confirmed'],
  );
}

/** A row of waitlist.suppressions for an address, keyed as the service keys it (HMAC-SHA-256 with SUPPRESSION_KEY). */
export async function buildSuppression(
  db: Queryable,
  suppression: { email: string; key: string; reason?: 'hard_bounce' | 'soft_bounces' | 'complaint'; source?: string },
): Promise<void> {
  await db.query(`insert into waitlist.suppressions (email_hash, reason, source) values ($1, $2, $3)`, [
    suppressionHash(suppression.key, suppression.email),
    suppression.reason ?? 'complaint',
    suppression.source ?? 'test',
  ]);
}

/** A row of waitlist.audit_log: by default an admin's read of the list, made now. */
export async function buildAuditRow(
  db: Queryable,
  overrides: { at?: Date; actorSub?: string; actorRole?: 'admin' | 'viewer'; action?: string } = {},
): Promise<{ id: string; at: Date }> {
  const at = overrides.at ?? new Date();
  const { rows } = await db.query<{ id: string }>(
    `insert into waitlist.audit_log (at, actor_sub, actor_role, action) values ($1, $2, $3, $4) returning id`,
    [
      at,
      overrides.actorSub ?? `staff-${randomUUID().slice(0, 8)}`,
      overrides.actorRole ?? 'admin',
      overrides.action ?? 'entries.list',
    ],
  );
  return { id: rows[0]!.id, at };
}

/** Everyone holding a place leaves the line (invited, the bucket trigger keeping count), so a test's places start at #1. */
export async function freshLine(db: Queryable): Promise<void> {
  await db.query(`update waitlist.entries set status = 'invited', invited_at = now() where status = 'confirmed'`);
}

/** Place buckets whose kept count differs from a count of the holders themselves: none, when the line is right. */
export async function bucketsOffTheLine(db: Queryable): Promise<{ bucket: string; kept: number; counted: number }[]> {
  const { rows } = await db.query<{ bucket: string; kept: number; counted: number }>(
    `select coalesce(b.bucket, c.bucket) as bucket, coalesce(b.holders, 0) as kept, coalesce(c.holders, 0) as counted
       from waitlist.place_buckets b
       full join (select waitlist.place_bucket(place_key) as bucket, count(*)::int as holders
                    from waitlist.entries
                   where status = 'confirmed' and review_state is distinct from 'rejected' and place_key is not null
                   group by 1) c on c.bucket = b.bucket
      where coalesce(b.holders, 0) <> coalesce(c.holders, 0)`,
  );
  return rows;
}
