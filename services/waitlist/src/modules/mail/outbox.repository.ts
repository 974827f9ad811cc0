import type { Language } from '@mmdm/contracts/languages';
import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';
import type { TokenPurpose } from '../../lib/tokens.js';

/** The mails the outbox carries (the table's check constraint, migration 012, lists the same). */
export type MailKind =
  | 'confirmation'
  | 'welcome'
  | 'invitation'
  | 'data_access'
  | 'place_link'
  | 'friend_joined'
  | 'contact'
  | 'admin_alert';

/**
 * Mail lanes, first to last (decision 032): a person waiting for the mail now (confirmation, the "Your data" link),
 * then invitations, then every other kind. SQL's waitlist.mail_lane (migration 020) numbers them the same, 1 to 3.
 */
export const MAIL_LANES = ['first', 'invitations', 'others'] as const;
export type MailLane = (typeof MAIL_LANES)[number];

export function laneOf(kind: MailKind): MailLane {
  if (kind === 'confirmation' || kind === 'data_access') return 'first';
  return kind === 'invitation' ? 'invitations' : 'others';
}

/**
 * The row an outbox row mails about: an entry, or for `contact` a visitor's contact message (migration 017; the
 * table's check allows exactly the one its kind names).
 */
const subjectColumn = (kind: MailKind) =>
  kind === 'contact' ? 'contact_message_id' : kind === 'admin_alert' ? 'admin_alert_id' : 'entry_id';

/**
 * The one writer of outbox rows, for the statements that queue a mail inside their own (one statement, one round
 * trip: the sign-up, a staff resend, a wave of 10,000 invitations): the insert of one `kind` row per id of the named
 * CTEs, returning the new rows' ids. Its request id is parameter `requestId` (`$3`: one request for all rows) or,
 * for a statement serving several requests, a column of the CTEs (`request_id`). It is a CTE's body
 * (`queued as (${enqueueMailFrom('bumped', 'confirmation', '$3')})`) or the statement's last part.
 */
export function enqueueMailFrom(sources: string | readonly string[], kind: MailKind, requestId: string): string {
  const names = typeof sources === 'string' ? [sources] : sources;
  const parameter = /^\$\d+$/.test(requestId);
  // Spliced into SQL text: only CTE and column names and a parameter's number, never a value.
  if (
    names.length === 0 ||
    !names.every((name) => /^[a-z_]+$/.test(name)) ||
    !(parameter || /^[a-z_]+$/.test(requestId))
  ) {
    throw new Error(`enqueueMailFrom takes CTE names and a parameter ($n) or column: ${String(names)}, ${requestId}`);
  }
  const requestIdValue = parameter ? `${requestId}::text` : requestId;
  const rows = names.map((name) => `select id, '${kind}', ${requestIdValue} from ${name}`);
  return `insert into waitlist.outbox (${subjectColumn(kind)}, kind, request_id)\n  ${rows.join('\n  union all\n  ')}\n  returning id`;
}

/** One mail for one entry, in the caller's transaction when it passes its client (the welcome, with the place). */
export async function enqueueMail(
  db: Queryable,
  entryId: string,
  kind: Exclude<MailKind, 'contact' | 'admin_alert'>,
  requestId: string | null,
): Promise<void> {
  await db.query('insert into waitlist.outbox (entry_id, kind, request_id) values ($1, $2, $3)', [
    entryId,
    kind,
    requestId,
  ]);
}

/** One "a friend joined" mail per referrer per this many minutes: credits that come together make one mail. */
export const FRIEND_JOINED_EVERY_MINUTES = 60;

/**
 * "A friend joined with your link", in the caller's transaction (the one that granted the credit, holding the
 * referrer's row lock, so two credits cannot both queue one): queued unless one was queued for this referrer within
 * the last FRIEND_JOINED_EVERY_MINUTES. The mail reads the place when it leaves, so it tells the place after every
 * credit of the hour. Returns whether a row was queued.
 */
export async function enqueueFriendJoined(
  db: Queryable,
  referrerId: string,
  requestId: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into waitlist.outbox (entry_id, kind, request_id)
     select $1, 'friend_joined', $2
      where not exists (select 1 from waitlist.outbox
                         where entry_id = $1 and kind = 'friend_joined'
                           and created_at > now() - make_interval(mins => $3::int))`,
    [referrerId, requestId, FRIEND_JOINED_EVERY_MINUTES],
  );
  return (rowCount ?? 0) > 0;
}

export interface UnrelayedRow {
  id: string;
  requestId: string | null;
  kind: MailKind;
}

/** Rows no other relay is handling right now (SKIP LOCKED): replicas share the work instead of waiting. */
export async function lockUnrelayed(client: pg.PoolClient, limit: number): Promise<UnrelayedRow[]> {
  const { rows } = await client.query<UnrelayedRow>(
    // Lane first (outbox_unrelayed_lane_idx, migration 020): a confirmation behind 20,000 unrelayed welcomes is in
    // the next batch, not the hundredth.
    `select id, request_id as "requestId", kind from waitlist.outbox
      where relayed_at is null
      order by waitlist.mail_lane(kind), id
      limit $1
      for update skip locked`,
    [limit],
  );
  return rows;
}

/**
 * Rows handed to the queue before a bound and still unsent, for a pending entry (or any other kind of mail, a contact
 * message's included), oldest hand-over first: what both recoveries below read and lock. `relayedBefore` is the bound
 * as SQL over the parameters ($2 is the limit).
 */
async function lockRelayedUnsent(
  client: pg.PoolClient,
  {
    relayedBefore,
    bound,
    limit,
    skipLocked,
  }: { relayedBefore: string; bound: unknown; limit: number; skipLocked: boolean },
): Promise<UnrelayedRow[]> {
  const { rows } = await client.query<UnrelayedRow>(
    `select o.id, o.request_id as "requestId", o.kind from waitlist.outbox o
       left join waitlist.entries e on e.id = o.entry_id
      where (e.status = 'pending' or o.kind <> 'confirmation')
        and o.sent_at is null and o.failed_at is null and o.relayed_at < ${relayedBefore}
      order by o.relayed_at
      limit $2
      for update of o${skipLocked ? ' skip locked' : ''}`,
    [bound, limit],
  );
  return rows;
}

/**
 * Rows handed to the queue more than `staleSeconds` ago and still unsent: normally jobs waiting out their back-off
 * (re-adding their job id is a no-op), but also jobs lost with Redis data, which this brings back.
 */
export function lockStaleUnsent(client: pg.PoolClient, staleSeconds: number, limit: number): Promise<UnrelayedRow[]> {
  return lockRelayedUnsent(client, {
    relayedBefore: 'now() - make_interval(secs => $1::int)',
    bound: staleSeconds,
    limit,
    skipLocked: true,
  });
}

/**
 * Rows handed to the queue before `before` (a time of the database's clock) and still unsent, for an entry the mail is
 * still meant for: after Redis lost its data, all of them are owed and none may be in the queue any more. Waits for
 * rows another relay holds (no SKIP LOCKED): one it is handing over now may have been added just before the loss.
 */
export function lockRelayedUnsentBefore(client: pg.PoolClient, before: Date, limit: number): Promise<UnrelayedRow[]> {
  return lockRelayedUnsent(client, { relayedBefore: '$1', bound: before, limit, skipLocked: false });
}

/** The database's clock, so that a cut-off compares with times the database wrote. */
export async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>('select clock_timestamp() as now');
  return rows[0]?.now ?? new Date();
}

export async function markRelayed(client: pg.PoolClient, ids: string[]): Promise<void> {
  await client.query('update waitlist.outbox set relayed_at = now() where id = any($1::bigint[])', [ids]);
}

export interface SendCandidate {
  outboxId: string;
  entryId: string;
  kind: MailKind;
  email: string;
  status: 'pending' | 'confirmed' | 'invited' | 'admitted' | 'unsubscribed';
  sentAt: Date | null;
  /** When the row was queued: the sign-up (or resend) that asked for the mail. */
  queuedAt: Date;
  /** The entry's city, when it chose one (an invitation names it). */
  city: string | null;
  /** The language the mail is written in: the entry's, as it is when the mail leaves. */
  language: Language;
}

export async function findSendCandidate(db: Queryable, outboxId: string): Promise<SendCandidate | undefined> {
  const { rows } = await db.query<SendCandidate>(
    `select o.id as "outboxId", e.id as "entryId", o.kind, e.email, e.status, o.sent_at as "sentAt",
            o.created_at as "queuedAt", c.name as city, e.language
       from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
            left join waitlist.cities c on c.id = e.city_id
      where o.id = $1`,
    [outboxId],
  );
  return rows[0];
}

/** A contact message's mail (kind `contact`): who wrote, what, and when; undefined once the message is erased. */
export interface ContactMailCandidate {
  outboxId: string;
  messageId: string;
  name: string;
  email: string;
  message: string;
  receivedAt: Date;
  sentAt: Date | null;
}

export async function findContactMail(db: Queryable, outboxId: string): Promise<ContactMailCandidate | undefined> {
  const { rows } = await db.query<ContactMailCandidate>(
    `select o.id as "outboxId", m.id as "messageId", m.name, m.email, m.message, m.created_at as "receivedAt",
            o.sent_at as "sentAt"
       from waitlist.outbox o join waitlist.contact_messages m on m.id = o.contact_message_id
      where o.id = $1`,
    [outboxId],
  );
  return rows[0];
}

/**
 * An alert for the admins and its one outbox row, in the caller's transaction (the change that calls for it): the
 * mail leaves once the transaction commits, and never if it rolls back.
 */
export async function insertAdminAlert(
  db: Queryable,
  alert: { topic: string; details: Record<string, unknown> },
  requestId: string | null,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `with alert as (
       insert into waitlist.admin_alerts (topic, details) values ($1, $2::jsonb) returning id
     )
     insert into waitlist.outbox (admin_alert_id, kind, request_id) select id, 'admin_alert', $3 from alert
     returning admin_alert_id as id`,
    [alert.topic, JSON.stringify(alert.details), requestId],
  );
  return rows[0]!.id;
}

/** An admin alert's mail (kind `admin_alert`): what it says and to whom it went already (address hashes). */
export interface AdminAlertCandidate {
  outboxId: string;
  alertId: string;
  topic: string;
  details: Record<string, unknown>;
  mailed: string[];
  sentAt: Date | null;
}

export async function findAdminAlertMail(db: Queryable, outboxId: string): Promise<AdminAlertCandidate | undefined> {
  const { rows } = await db.query<AdminAlertCandidate>(
    `select o.id as "outboxId", a.id as "alertId", a.topic, a.details, a.mailed, o.sent_at as "sentAt"
       from waitlist.outbox o join waitlist.admin_alerts a on a.id = o.admin_alert_id
      where o.id = $1`,
    [outboxId],
  );
  return rows[0];
}

/** One more admin got the alert (the sha256 of their address): a retry of the job mails only the rest. */
export async function markAlertMailed(db: Queryable, alertId: string, addressHash: string): Promise<void> {
  await db.query(
    `update waitlist.admin_alerts set mailed = array_append(mailed, $2)
      where id = $1 and not ($2 = any(mailed))`,
    [alertId, addressHash],
  );
}

export async function insertTokens(
  db: Queryable,
  entryId: string,
  tokens: { hash: Buffer; purpose: TokenPurpose; ttlHours: number | null }[],
): Promise<void> {
  for (const token of tokens) {
    await db.query(
      `insert into waitlist.tokens (token_hash, entry_id, purpose, expires_at)
       values ($1, $2, $3, case when $4::int is null then null else now() + make_interval(hours => $4::int) end)`,
      [token.hash, entryId, token.purpose, token.ttlHours],
    );
  }
}

/** Tokens of a mail that never left: nobody holds them, so they go. */
export async function deleteTokens(db: Queryable, hashes: Buffer[]): Promise<void> {
  await db.query('delete from waitlist.tokens where token_hash = any($1::bytea[])', [hashes]);
}

/** What a worker found when it claimed a row for sending: its own claim, or why it must not send. */
export type SendClaim = 'claimed' | 'sent' | 'busy' | 'gone';

/**
 * Claims the row for `seconds` for the queued job `claimant` unless it was sent or another job holds a claim that has
 * not lapsed: the one place where two jobs for one row (re-queued after Redis lost its data, or after a restore) meet,
 * so only one sends. A retry of the same job takes its own claim over.
 */
export async function claimForSending(
  db: Queryable,
  outboxId: string,
  claimant: string,
  seconds: number,
): Promise<SendClaim> {
  const { rows } = await db.query<{ claimed: boolean; sent: boolean }>(
    `with claimed as (
       update waitlist.outbox set sending_until = now() + make_interval(secs => $3::int), sending_by = $2
        where id = $1 and sent_at is null
          and (sending_until is null or sending_until < now() or sending_by = $2)
        returning id
     )
     select exists (select 1 from claimed) as claimed, o.sent_at is not null as sent
       from waitlist.outbox o where o.id = $1`,
    [outboxId, claimant, seconds],
  );
  const row = rows[0];
  if (!row) return 'gone';
  if (row.claimed) return 'claimed';
  return row.sent ? 'sent' : 'busy';
}

/** A claim whose job ended without sending (skipped, or failed before the send): the next job need not wait. */
export async function releaseClaim(db: Queryable, outboxId: string): Promise<void> {
  await db.query('update waitlist.outbox set sending_until = null where id = $1 and sent_at is null', [outboxId]);
}

export async function markSent(db: Queryable, outboxId: string): Promise<void> {
  await db.query(
    `update waitlist.outbox set sent_at = now(), attempts = attempts + 1, last_error = null, sending_until = null
      where id = $1`,
    [outboxId],
  );
}

/** The worker gave up on this row: no more retries, and the sweep leaves it alone. */
export async function markGivenUp(db: Queryable, outboxId: string, error: string): Promise<void> {
  await db.query('update waitlist.outbox set failed_at = now(), last_error = $2, sending_until = null where id = $1', [
    outboxId,
    error.slice(0, 500),
  ]);
}

export async function markFailedAttempt(db: Queryable, outboxId: string, error: string): Promise<void> {
  await db.query(
    'update waitlist.outbox set attempts = attempts + 1, last_error = $2, sending_until = null where id = $1',
    [outboxId, error.slice(0, 500)],
  );
}

/**
 * A row whose mail is still meant for its entry (the consumer skips the others, so they are never owed); a contact
 * message's mail is owed for as long as the message is kept (erasing it takes the row with it).
 */
const STILL_MEANT = `(case o.kind
  when 'confirmation' then e.status = 'pending'
  when 'welcome' then e.status in ('confirmed', 'invited', 'admitted')
  when 'invitation' then e.status = 'invited'
  when 'place_link' then e.status in ('confirmed', 'invited', 'admitted')
  when 'contact' then true
  when 'admin_alert' then true
  else false end)`;

export interface OutboxBacklog {
  /** Rows not yet handed to the queue. */
  unrelayed: number;
  /** Mails still owed: rows neither sent nor given up, for an entry the mail is still meant for. */
  unsent: number;
  /** Age of the oldest such row, 0 when there is none. */
  oldestUnsentSeconds: number;
  /** The same per lane (waitlist.mail_lane, migration 020). */
  oldestOwedSecondsByLane: Record<MailLane, number>;
}

/**
 * What an operator watches on launch day. Rows of entries confirmed, unsubscribed or erased in the meantime are
 * skipped by the consumer and never get `sent_at`: they are not owed, so they do not count.
 */
export async function outboxBacklog(db: Queryable): Promise<OutboxBacklog> {
  const { rows } = await db.query<{
    unrelayed: string;
    unsent: string;
    oldest: number | null;
    lane1: number | null;
    lane2: number | null;
    lane3: number | null;
  }>(
    // Two branches, each matching a partial index (outbox_unrelayed_idx, outbox_unsent_idx): a scrape every few
    // seconds must not scan the whole outbox, which keeps one row per mail ever sent.
    `with owed as (
       select o.created_at, o.kind from waitlist.outbox o left join waitlist.entries e on e.id = o.entry_id
        where o.relayed_at is null and ${STILL_MEANT}
       union all
       select o.created_at, o.kind from waitlist.outbox o left join waitlist.entries e on e.id = o.entry_id
        where o.relayed_at is not null and o.sent_at is null and o.failed_at is null and ${STILL_MEANT}
     )
     select (select count(*) from waitlist.outbox where relayed_at is null) as unrelayed,
            count(*) as unsent,
            extract(epoch from now() - min(created_at))::float8 as oldest,
            extract(epoch from now() - min(created_at) filter (where waitlist.mail_lane(kind) = 1))::float8 as lane1,
            extract(epoch from now() - min(created_at) filter (where waitlist.mail_lane(kind) = 2))::float8 as lane2,
            extract(epoch from now() - min(created_at) filter (where waitlist.mail_lane(kind) = 3))::float8 as lane3
       from owed`,
  );
  const row = rows[0];
  const age = (seconds: number | null | undefined) => Math.max(0, seconds ?? 0);
  return {
    unrelayed: Number(row?.unrelayed ?? 0),
    unsent: Number(row?.unsent ?? 0),
    oldestUnsentSeconds: age(row?.oldest),
    oldestOwedSecondsByLane: { first: age(row?.lane1), invitations: age(row?.lane2), others: age(row?.lane3) },
  };
}

export async function referralCodeOf(db: Queryable, entryId: string): Promise<string | null> {
  const { rows } = await db.query<{ code: string | null }>(
    'select referral_code as code from waitlist.entries where id = $1',
    [entryId],
  );
  return rows[0]?.code ?? null;
}

/** Friends credited to an entry (its granted referral credits), as the friend-joined mail tells them. */
export async function creditsOf(db: Queryable, entryId: string): Promise<number> {
  const { rows } = await db.query<{ credits: number }>('select credits from waitlist.entries where id = $1', [entryId]);
  return rows[0]?.credits ?? 0;
}

/** The database's mail epoch: how many times it was restored from a backup (0: never). See the relay. */
export async function mailEpoch(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ epoch: number }>(
    'select coalesce(max(id), 0)::int as epoch from waitlist.restores',
  );
  return rows[0]?.epoch ?? 0;
}

export interface GivenUpRow {
  id: string;
  kind: MailKind;
  lastError: string | null;
}

/**
 * The dead letters: rows the worker gave up on (attempts spent, or refused for good) that were never sent and whose
 * mail is still meant for its entry, oldest first.
 */
export async function givenUpRows(db: Queryable, kind: MailKind | undefined, limit: number): Promise<GivenUpRow[]> {
  const { rows } = await db.query<GivenUpRow>(
    `select o.id, o.kind, o.last_error as "lastError" from waitlist.outbox o
       left join waitlist.entries e on e.id = o.entry_id
      where ${STILL_MEANT} and o.failed_at is not null and o.sent_at is null and ($1::text is null or o.kind = $1)
      order by o.id
      limit $2`,
    [kind ?? null, limit],
  );
  return rows;
}

/** Makes given-up rows owed again, as if just written: the relay hands them to the queue at its next round. */
export async function reopenGivenUp(db: Queryable, ids: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `update waitlist.outbox
        set failed_at = null, relayed_at = null, attempts = 0, last_error = null, sending_until = null
      where id = any($1::bigint[]) and failed_at is not null and sent_at is null
      returning id`,
    [ids],
  );
  return rows.map((row) => row.id);
}
