import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';

export interface FlaggedEntryRow {
  id: string;
  email: string;
  status: string;
  reasons: string[] | null;
  createdAt: Date;
}

export interface HeldCreditRow {
  referredId: string;
  referredEmail: string;
  referrerId: string;
  referrerEmail: string;
  rule: string | null;
  createdAt: Date;
}

/** The review queue, oldest first, through the two partial indexes (entries_flagged_idx, referral_credits_held_idx). */
export async function reviewQueue(
  db: Queryable,
  limit: number,
): Promise<{ entries: FlaggedEntryRow[]; credits: HeldCreditRow[] }> {
  const [entries, credits] = await Promise.all([
    db.query<FlaggedEntryRow>(
      `select id, email, status, review_reasons as reasons, created_at as "createdAt"
         from waitlist.entries where review_state = 'flagged' order by created_at, id limit $1`,
      [limit],
    ),
    db.query<HeldCreditRow>(
      `select c.referred_id as "referredId", d.email as "referredEmail", c.referrer_id as "referrerId",
              r.email as "referrerEmail", c.rule, c.created_at as "createdAt"
         from waitlist.referral_credits c
         join waitlist.entries d on d.id = c.referred_id
         join waitlist.entries r on r.id = c.referrer_id
        where c.state = 'held' order by c.created_at, c.id limit $1`,
      [limit],
    ),
  ]);
  return { entries: entries.rows, credits: credits.rows };
}

/** How many wait for a decision: two counts over the queue's partial indexes, no row read. */
export async function reviewCounts(db: Queryable): Promise<{ entries: number; credits: number }> {
  const { rows } = await db.query<{ entries: number; credits: number }>(
    `select (select count(*) from waitlist.entries where review_state = 'flagged')::int as entries,
            (select count(*) from waitlist.referral_credits where state = 'held')::int as credits`,
  );
  return rows[0]!;
}

/** Sets an entry's review state; false when there is no such entry. Rejected: it holds no place (bucket trigger). */
export async function setReviewState(
  client: pg.PoolClient,
  entryId: string,
  state: 'approved' | 'rejected',
): Promise<boolean> {
  const { rowCount } = await client.query(
    `update waitlist.entries set review_state = $2, updated_at = now() where id = $1`,
    [entryId, state],
  );
  return (rowCount ?? 0) > 0;
}

export interface CreditRow {
  id: string;
  referrerId: string;
  state: 'granted' | 'held' | 'refused' | 'revoked';
  referrerCredits: number;
}

/** The credit the referred entry gave, locked with its referrer (whose credits may change). */
export async function lockCreditOf(client: pg.PoolClient, referredId: string): Promise<CreditRow | undefined> {
  const { rows } = await client.query<CreditRow>(
    `select c.id, c.referrer_id as "referrerId", c.state, p.credits as "referrerCredits"
       from waitlist.referral_credits c join waitlist.entries p on p.id = c.referrer_id
      where c.referred_id = $1
      for update of c, p`,
    [referredId],
  );
  return rows[0];
}

/** A staff decision on a credit; the rule that held it stays on the row, `reason` says what was decided. */
export async function decideCredit(
  client: pg.PoolClient,
  creditId: string,
  state: 'granted' | 'refused' | 'revoked',
  reason: string,
  decidedBy: string,
): Promise<void> {
  await client.query(
    `update waitlist.referral_credits set state = $2, reason = $3, decided_at = now(), decided_by = $4 where id = $1`,
    [creditId, state, reason, decidedBy],
  );
}
