import type { Language } from '@mmdm/contracts/languages';
import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';
import { enqueueMailFrom } from '../mail/mail.service.js';

/**
 * One `data_access` outbox row for the listed address, unless one was queued for it within the cooldown: a single
 * statement whatever the address, so a listed and an unlisted one cost the same and answer the same. The worker makes
 * the link's token when the mail leaves, like every mail's.
 */
export async function queueDataAccessMail(
  db: Queryable,
  emailNormalized: string,
  cooldownSeconds: number,
  requestId: string,
): Promise<void> {
  await db.query(
    `with listed as (
       select e.id
         from waitlist.entries e
        where e.email_normalized = $1
          and not exists (select 1 from waitlist.outbox o
                           where o.entry_id = e.id and o.kind = 'data_access'
                             and o.created_at > now() - make_interval(secs => $2::int))
     )
     ${enqueueMailFrom('listed', 'data_access', '$3')}`,
    [emailNormalized, cooldownSeconds, requestId],
  );
}

export interface DataTokenRow {
  entryId: string;
  /** The entry's address: what else the person left with us (contact messages) is found by it. */
  email: string;
  purpose: string;
  expired: boolean;
  usedAt: Date | null;
}

/** A data-access link or session and its entry, locked: two clicks cannot both spend one link. */
export async function lockDataToken(client: pg.PoolClient, hash: Buffer): Promise<DataTokenRow | undefined> {
  const { rows } = await client.query<DataTokenRow>(
    `select t.entry_id as "entryId", e.email, t.purpose,
            (t.expires_at is not null and t.expires_at <= now()) as expired, t.used_at as "usedAt"
       from waitlist.tokens t join waitlist.entries e on e.id = t.entry_id
      where t.token_hash = $1
      for update of t`,
    [hash],
  );
  return rows[0];
}

export async function spendToken(client: pg.PoolClient, hash: Buffer): Promise<void> {
  await client.query('update waitlist.tokens set used_at = now() where token_hash = $1', [hash]);
}

export async function insertSession(
  client: pg.PoolClient,
  entryId: string,
  hash: Buffer,
  ttlMinutes: number,
): Promise<Date> {
  const { rows } = await client.query<{ expiresAt: Date }>(
    `insert into waitlist.tokens (token_hash, entry_id, purpose, expires_at)
     values ($1, $2, 'data_session', now() + make_interval(mins => $3::int))
     returning expires_at as "expiresAt"`,
    [hash, entryId, ttlMinutes],
  );
  return rows[0]!.expiresAt;
}

export interface EntryDataRow {
  email: string;
  status: 'pending' | 'confirmed' | 'invited' | 'admitted' | 'unsubscribed';
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  invitedAt: Date | null;
  admittedAt: Date | null;
  lastMailQueuedAt: Date | null;
  placeLinkQueuedAt: Date | null;
  updatedAt: Date;
  referralSource: string | null;
  referralCode: string | null;
  city: string | null;
  cityOther: boolean;
  language: Language;
  credits: number;
  consentAt: Date;
  consentPolicy: string | null;
  reviewState: 'flagged' | 'approved' | 'rejected' | null;
  reviewReasons: string[] | null;
  waveId: string | null;
  waveAt: Date | null;
  waveCity: string | null;
}

export interface CreditRow {
  /** 'given': this entry's sign-up credited its referrer; 'received': someone credited this entry. */
  direction: 'given' | 'received';
  state: string;
  reason: string;
  rule: string | null;
  at: Date;
  decidedAt: Date | null;
  /** Whether staff decided it (a review, a revocation); null when no one decided anything. */
  decidedByStaff: boolean | null;
}

export interface MailRow {
  kind: string;
  queuedAt: Date;
  sentAt: Date | null;
}

export interface TicketDataRow {
  direction: 'given' | 'used';
  state: 'open' | 'used' | 'revoked';
  usedAt: Date | null;
  held: boolean;
  revoked: boolean;
}

/**
 * Everything the waitlist holds about one entry (its place aside: the places module's), one statement per table, one
 * after the other (a client in a transaction runs one statement at a time).
 */
export async function readEntryData(
  db: Queryable,
  entryId: string,
): Promise<{ entry: EntryDataRow; credits: CreditRow[]; mails: MailRow[]; tickets: TicketDataRow[] } | undefined> {
  const entry = await db.query<EntryDataRow>(
    `select e.email, e.status, e.created_at as "createdAt", e.confirmed_at as "confirmedAt",
              e.unsubscribed_at as "unsubscribedAt", e.invited_at as "invitedAt", e.admitted_at as "admittedAt",
              e.last_mail_queued_at as "lastMailQueuedAt",
              e.place_link_queued_at as "placeLinkQueuedAt", e.updated_at as "updatedAt",
              e.referral_source as "referralSource", e.referral_code as "referralCode", c.name as city, e.city_other as "cityOther", e.language, e.credits, e.consent_at as "consentAt",
              e.consent_policy as "consentPolicy", e.review_state as "reviewState",
              e.review_reasons as "reviewReasons", w.id as "waveId", w.created_at as "waveAt", wc.name as "waveCity"
         from waitlist.entries e
         left join waitlist.cities c on c.id = e.city_id
         left join waitlist.invitation_waves w on w.id = e.wave_id
         left join waitlist.cities wc on wc.id = w.city_id
        where e.id = $1`,
    [entryId],
  );
  const credits = await db.query<CreditRow>(
    `select case when referred_id = $1 then 'given' else 'received' end as direction, state, reason, rule,
              created_at as at, decided_at as "decidedAt",
              case when decided_at is not null then decided_by is not null end as "decidedByStaff"
         from waitlist.referral_credits
        where referred_id = $1 or referrer_id = $1
        order by created_at, id`,
    [entryId],
  );
  const mails = await db.query<MailRow>(
    `select kind, created_at as "queuedAt", sent_at as "sentAt"
         from waitlist.outbox where entry_id = $1 order by id`,
    [entryId],
  );
  // Tickets given to this member (never who used one) and the one this person used (never whose it was).
  const tickets = await db.query<TicketDataRow>(
    `select case when owner_id = $1 then 'given' else 'used' end as direction,
            case when revoked_at is not null then 'revoked' when used_at is not null then 'used' else 'open' end as state,
            used_at as "usedAt", held_rule is not null as held, revoked_at is not null as revoked
       from waitlist.tickets where owner_id = $1 or used_by = $1
      order by slot, id`,
    [entryId],
  );
  const row = entry.rows[0];
  return row ? { entry: row, credits: credits.rows, mails: mails.rows, tickets: tickets.rows } : undefined;
}

/** The entry's outbox rows, whose queue jobs go with it. */
export async function outboxIdsOf(db: Queryable, entryId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id from waitlist.outbox where entry_id = $1', [entryId]);
  return rows.map((row) => row.id);
}
