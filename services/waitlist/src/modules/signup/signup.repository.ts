import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';
import { enqueueMailFrom } from '../mail/mail.service.js';

/**
 * The entry `e` may be sent its confirmation mail again: still pending, and out of its resend cooldown (seconds in
 * parameter `cooldownParam`) since the last one was queued. The sign-up and the link's "send me a new mail" share it.
 */
const resendDue = (cooldownParam: string) => `e.status = 'pending'
     and (e.last_mail_queued_at is null or e.last_mail_queued_at <= now() - make_interval(secs => ${cooldownParam}::int))`;

/**
 * THE sign-up statement (hot path, one round trip): insert the entry, or, when the address is known, still pending
 * and out of its resend cooldown, bump last_mail_queued_at; then one outbox row for whichever happened. Both in one
 * statement, so the entry and its "send confirmation" record commit together (transactional outbox).
 *
 * Concurrency: 50 simultaneous requests for one address all conflict on email_normalized; only one inserts. The
 * others' snapshots predate that commit, so their UPDATE sees no row and queues nothing; later ones see the fresh
 * last_mail_queued_at and stay inside the cooldown. Two bumps racing on an old row serialise on its row lock and the
 * second re-checks the cooldown against the first's new value.
 */
const SIGN_UP = `
with input as (
  select $1::text as email, $2::text as email_normalized, $3::text as referral_source
),
inserted as (
  insert into waitlist.entries (email, email_normalized, referral_source, last_mail_queued_at, signup_network,
                                signup_device, review_state, review_reasons)
  select email, email_normalized, referral_source, now(), $6::bytea, $7::bytea,
         case when $8::text[] is not null then 'flagged' end, $8::text[]
    from input
  on conflict (email_normalized) do nothing
  returning id
),
bumped as (
  update waitlist.entries e
     set last_mail_queued_at = now(), updated_at = now()
    from input
   where e.email_normalized = input.email_normalized
     and not exists (select 1 from inserted)
     and ${resendDue('$4')}
  returning e.id
),
queued as (
  ${enqueueMailFrom(['inserted', 'bumped'], 'confirmation', '$5')}
)
select exists (select 1 from inserted) as created, (select count(*)::int from queued) as queued`;

export interface SignupWrite {
  email: string;
  emailNormalized: string;
  referralSource: string | null;
  cooldownSeconds: number;
  requestId: string;
  /** Keyed hashes of the client's network and device (the referral-fraud rules compare them). */
  signupNetwork?: Buffer;
  signupDevice?: Buffer;
  /** Reasons to put the new entry into the review queue (flagged); none: not flagged. */
  reviewReasons?: string[];
}

/**
 * The sign-up's own client-side bound: the statement takes milliseconds, and a connection whose packets stopped
 * flowing (a partition, not a reset) would otherwise hold the visitor until the pool's general query time-out (6 s).
 * Timed out, the request answers 503 and the visitor may send it again: the statement is idempotent.
 */
const SIGN_UP_TIMEOUT_MS = 2000;

export async function insertSignup(db: Queryable, input: SignupWrite): Promise<{ created: boolean; queued: number }> {
  // pg's client honours a per-query `query_timeout`; @types/pg's QueryConfig does not list it.
  const query: pg.QueryConfig & { query_timeout: number } = {
    name: 'waitlist-sign-up',
    text: SIGN_UP,
    query_timeout: SIGN_UP_TIMEOUT_MS,
    values: [
      input.email,
      input.emailNormalized,
      input.referralSource,
      input.cooldownSeconds,
      input.requestId,
      input.signupNetwork ?? null,
      input.signupDevice ?? null,
      input.reviewReasons?.length ? input.reviewReasons : null,
    ],
  };
  const { rows } = await db.query<{ created: boolean; queued: number }>(query);
  return rows[0] ?? { created: false, queued: 0 };
}

export interface TokenRow {
  entryId: string;
  purpose: 'confirm' | 'unsubscribe';
  expired: boolean;
  usedAt: Date | null;
  email: string;
  status: 'pending' | 'confirmed' | 'invited' | 'admitted' | 'unsubscribed';
  referralCode: string | null;
}

const TOKEN_AND_ENTRY = `select e.id as "entryId", t.purpose, (t.expires_at is not null and t.expires_at <= now()) as expired,
            t.used_at as "usedAt", e.email, e.status, e.referral_code as "referralCode"
       from waitlist.tokens t join waitlist.entries e on e.id = t.entry_id
      where t.token_hash = $1`;

/** The token and its entry, locked, so two clicks on one link cannot both confirm. */
export async function findTokenForUpdate(client: pg.PoolClient, hash: Buffer): Promise<TokenRow | undefined> {
  const { rows } = await client.query<TokenRow>(`${TOKEN_AND_ENTRY} for update of t, e`, [hash]);
  return rows[0];
}

/** The token and its entry as they are now, without a lock: for reading a link's state, never for changing it. */
export async function findToken(db: Queryable, hash: Buffer): Promise<TokenRow | undefined> {
  const { rows } = await db.query<TokenRow>(TOKEN_AND_ENTRY, [hash]);
  return rows[0];
}

/** Marks the entry confirmed with its own referral code; fails with a unique violation if the code is taken. */
export async function confirmEntry(client: pg.PoolClient, entryId: string, referralCode: string): Promise<void> {
  await client.query(
    `update waitlist.entries
        set status = 'confirmed', confirmed_at = now(), referral_code = $2, updated_at = now()
      where id = $1`,
    [entryId, referralCode],
  );
}

export async function markTokenUsed(client: pg.PoolClient, hash: Buffer): Promise<void> {
  await client.query('update waitlist.tokens set used_at = coalesce(used_at, now()) where token_hash = $1', [hash]);
}

export async function unsubscribeEntry(client: pg.PoolClient, entryId: string): Promise<void> {
  await client.query(
    `update waitlist.entries
        set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()), updated_at = now()
      where id = $1`,
    [entryId],
  );
  // Links in mails already sent must not confirm an address that withdrew.
  await client.query(
    `update waitlist.tokens set used_at = now() where entry_id = $1 and purpose = 'confirm' and used_at is null`,
    [entryId],
  );
}

/**
 * Public "send me a new mail" from an expired or used confirmation link: one statement that queues a mail only for a
 * pending entry out of its cooldown. Answers nothing about what it found.
 */
export async function queueResendByToken(
  db: Queryable,
  hash: Buffer,
  cooldownSeconds: number,
  requestId: string,
): Promise<void> {
  await db.query(
    `with bumped as (
       update waitlist.entries e
          set last_mail_queued_at = now(), updated_at = now()
         from waitlist.tokens t
        where t.token_hash = $1 and t.purpose = 'confirm' and e.id = t.entry_id
          and ${resendDue('$2')}
       returning e.id
     )
     ${enqueueMailFrom('bumped', 'confirmation', '$3')}`,
    [hash, cooldownSeconds, requestId],
  );
}
