import type { Language } from '@mmdm/contracts/languages';
import type pg from 'pg';
import { statementName, type Queryable } from '../../lib/db.js';
import { CONSENT_POLICY_SQL } from '../../lib/consent-policy.js';
import { enqueueMailFrom } from '../mail/mail.service.js';

/**
 * The entry `e` may be sent its confirmation mail again: still pending, and out of its resend cooldown (seconds in
 * parameter `cooldownParam`) since the last one was queued. The sign-up and the link's "send me a new mail" share it.
 */
const resendDue = (cooldownParam: string) => `e.status = 'pending'
     and (e.last_mail_queued_at is null or e.last_mail_queued_at <= now() - make_interval(secs => ${cooldownParam}::int))`;

/**
 * At most one place-link mail per address in this time, however often it signs up again: enough for a person who
 * lost the link (the mail arrives in seconds), too little for anyone to flood an inbox through the sign-up form.
 */
export const PLACE_LINK_COOLDOWN_SECONDS = 600;

/** The entry `e` is confirmed (and so has a page behind a link) and was not sent its place link in the cooldown. */
const placeLinkDue = `e.status in ('confirmed', 'invited', 'admitted')
     and (e.place_link_queued_at is null
          or e.place_link_queued_at <= now() - make_interval(secs => ${PLACE_LINK_COOLDOWN_SECONDS}))`;

/**
 * THE sign-up statement (hot path, one round trip for one or several sign-ups, signup.writer.ts): insert each entry,
 * or, when its address is known, still pending and out of its resend cooldown (seconds in `$1`), bump
 * last_mail_queued_at; then one outbox row for whichever happened, with that sign-up's request id. All in one
 * statement, so the entries and their "send confirmation" records commit together (transactional outbox). A known
 * address that is confirmed already gets its place link instead (`relinked`, at most one per
 * PLACE_LINK_COOLDOWN_SECONDS): the answer is the same bytes either way, and the mail goes to the address itself, so
 * only its owner learns anything.
 *
 * `input` yields the sign-ups as rows (email, email_normalized, referral_source, request_id, signup_network,
 * signup_device, review_reasons as a JSON array or null, language, ticket_hash: a friend's ticket, kept on a pending
 * entry for its confirmation), with distinct addresses: the writer keeps a repeated address for the next statement, so
 * the rows of one statement never meet each other.
 *
 * Concurrency: 50 simultaneous requests for one address all conflict on email_normalized; only one inserts. The
 * others' snapshots predate that commit, so their UPDATE sees no row and queues nothing; later ones see the fresh
 * last_mail_queued_at and stay inside the cooldown. Two bumps racing on an old row serialise on its row lock and the
 * second re-checks the cooldown against the first's new value. An entry this statement inserted is invisible to its
 * own UPDATE (one snapshot for all its parts), so a new address is never bumped as well. New addresses are inserted
 * in sorted order, so two statements sharing several new addresses wait for each other in one order; two sharing
 * several known ones may still deadlock in their bumps, which Postgres breaks by failing one, and the writer then
 * writes that statement's sign-ups one by one.
 *
 * The UPDATE looks for known addresses only when some sign-up was not inserted. Most sign-ups are new, and its join
 * would otherwise run for each of them with the plan Postgres cached: one made while the table was empty reads the
 * whole table until the next ANALYZE (measured: 350 µs per sign-up at 1,000 rows, 1,120 µs at 9,000).
 */
const signUpStatement = (input: string) => `
with input as (
  ${input}
),
inserted as (
  insert into waitlist.entries (email, email_normalized, referral_source, last_mail_queued_at, signup_network,
                                signup_device, review_state, review_reasons, consent_policy, language, ticket_hash)
  select email, email_normalized, referral_source, now(), signup_network, signup_device,
         case when review_reasons is not null then 'flagged' end,
         case when review_reasons is not null then array(select jsonb_array_elements_text(review_reasons)) end,
         ${CONSENT_POLICY_SQL}, language, ticket_hash
    from input
   order by email_normalized
  on conflict (email_normalized) do nothing
  returning id, email_normalized
),
bumped as (
  update waitlist.entries e
     set last_mail_queued_at = now(), updated_at = now(), ticket_hash = coalesce(input.ticket_hash, e.ticket_hash)
    from input
   where e.email_normalized = input.email_normalized
     and (select count(*) from inserted) < (select count(*) from input)
     and ${resendDue('$1')}
  returning e.id, e.email_normalized
),
relinked as (
  update waitlist.entries e
     set place_link_queued_at = now()
    from input
   where e.email_normalized = input.email_normalized
     and (select count(*) from inserted) < (select count(*) from input)
     and ${placeLinkDue}
  returning e.id, e.email_normalized
),
mailed as (
  select written.id, input.request_id
    from (select id, email_normalized from inserted union all select id, email_normalized from bumped) written
    join input using (email_normalized)
),
queued as (
  ${enqueueMailFrom('mailed', 'confirmation', 'request_id')}
),
linked as (
  select relinked.id, input.request_id from relinked join input using (email_normalized)
),
queued_links as (
  ${enqueueMailFrom('linked', 'place_link', 'request_id')}
)
-- Postgres runs every data-modifying CTE to completion whether or not it is read: nothing is left to return.
select`;

/** One sign-up, its fields as parameters: the statement at rest, when sign-ups do not wait for each other. */
const SIGN_UP_ONE = signUpStatement(
  `select $2::text as email, $3::text as email_normalized, $4::text as referral_source, $5::text as request_id,
         $6::bytea as signup_network, $7::bytea as signup_device, $8::jsonb as review_reasons, $9::text as language,
         $10::bytea as ticket_hash`,
);

/**
 * Several sign-ups as one JSON array of rows. JSON rather than arrays (`unnest`): Postgres cannot estimate a JSON
 * argument's rows, so the plan it builds for given values is the one it builds for any, and it keeps reusing that
 * generic plan. With arrays, each group's own plan looked cheaper, and Postgres planned every execution anew (about
 * 250 µs, more than the rows of a small group cost).
 */
const SIGN_UP_GROUP = signUpStatement(
  `select email, email_normalized, referral_source, request_id, decode(signup_network, 'hex') as signup_network,
         decode(signup_device, 'hex') as signup_device, review_reasons, language,
         decode(ticket_hash, 'hex') as ticket_hash
    from jsonb_to_recordset($2::jsonb)
      as i(email text, email_normalized text, referral_source text, request_id text, signup_network text,
           signup_device text, review_reasons jsonb, language text, ticket_hash text)`,
);

export interface SignupWrite {
  email: string;
  emailNormalized: string;
  referralSource: string | null;
  requestId: string;
  /** Keyed hashes of the client's network and device (the referral-fraud rules compare them). */
  signupNetwork?: Buffer;
  signupDevice?: Buffer;
  /** Reasons to put the new entry into the review queue (flagged); none: not flagged. */
  reviewReasons?: string[];
  /** The page's language: a new entry's mails are written in it (a known address keeps its own). */
  language: Language;
  /** The hash of the ticket the sign-up brought (a friend's link): used when the address is confirmed. */
  ticketHash?: Buffer;
}

/**
 * The sign-up's own client-side bound: the statement takes milliseconds, and a connection whose packets stopped
 * flowing (a partition, not a reset) would otherwise hold the visitor until the pool's general query time-out (6 s).
 * Timed out, the request answers 503 and the visitor may send it again: the statement is idempotent.
 */
export const SIGN_UP_TIMEOUT_MS = 2000;

const reasonsOf = (write: SignupWrite): string | null =>
  write.reviewReasons?.length ? JSON.stringify(write.reviewReasons) : null;

function oneSignUp(write: SignupWrite): unknown[] {
  return [
    write.email,
    write.emailNormalized,
    write.referralSource,
    write.requestId,
    write.signupNetwork ?? null,
    write.signupDevice ?? null,
    reasonsOf(write),
    write.language,
    write.ticketHash ?? null,
  ];
}

function signUpGroup(writes: readonly SignupWrite[]): string {
  return JSON.stringify(
    writes.map((write) => ({
      email: write.email,
      email_normalized: write.emailNormalized,
      referral_source: write.referralSource,
      request_id: write.requestId,
      signup_network: write.signupNetwork?.toString('hex') ?? null,
      signup_device: write.signupDevice?.toString('hex') ?? null,
      review_reasons: write.reviewReasons?.length ? write.reviewReasons : null,
      language: write.language,
      ticket_hash: write.ticketHash?.toString('hex') ?? null,
    })),
  );
}

/**
 * Writes sign-ups with distinct normalized addresses in one statement (one transaction): all of them commit, or none.
 * Whether an address was new is deliberately not returned (the answer must not tell).
 */
export async function insertSignups(
  db: Queryable,
  writes: readonly SignupWrite[],
  cooldownSeconds: number,
): Promise<void> {
  const one = writes.length === 1;
  // pg's client honours a per-query `query_timeout`; @types/pg's QueryConfig does not list it.
  const query: pg.QueryConfig & { query_timeout: number } = {
    name: statementName(db, one ? 'waitlist-sign-up' : 'waitlist-sign-ups'),
    text: one ? SIGN_UP_ONE : SIGN_UP_GROUP,
    query_timeout: SIGN_UP_TIMEOUT_MS,
    values: [cooldownSeconds, ...(one ? oneSignUp(writes[0]!) : [signUpGroup(writes)])],
  };
  await db.query(query);
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
