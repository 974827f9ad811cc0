import { emailKey } from '@mmdm/contracts/email';
import { createHmac } from 'node:crypto';
import type { Queryable } from './db.js';

export type SuppressionReason = 'unsubscribed' | 'hard_bounce' | 'complaint' | 'soft_bounces';

/** Temporary refusals in a row that count as a permanent one. */
export const SOFT_BOUNCES_TO_SUPPRESS = 3;

/**
 * The suppression list's key for an address: HMAC-SHA256 of the address as sign-up identifies it (`emailKey`), under
 * SUPPRESSION_KEY. Without the key the list says nothing about who is on it.
 */
export function suppressionHash(key: string, email: string): Buffer {
  return createHmac('sha256', key).update(emailKey(email)).digest();
}

/** Adds the address; an existing row keeps its first reason (the first thing that happened is what staff need). */
export async function suppress(
  db: Queryable,
  hash: Buffer,
  reason: SuppressionReason,
  source: string | null,
): Promise<void> {
  await db.query(
    `insert into waitlist.suppressions (email_hash, reason, source) values ($1, $2, $3)
     on conflict (email_hash) do nothing`,
    [hash, reason, source?.slice(0, 300) ?? null],
  );
}

/** Adds many addresses at once (one statement), each keeping its first reason like `suppress`. */
export async function suppressAll(
  db: Queryable,
  hashes: Buffer[],
  reason: SuppressionReason,
  source: string | null,
): Promise<void> {
  if (!hashes.length) return;
  await db.query(
    `insert into waitlist.suppressions (email_hash, reason, source)
     select hash, $2, $3 from unnest($1::bytea[]) hash
     on conflict (email_hash) do nothing`,
    [hashes, reason, source?.slice(0, 300) ?? null],
  );
}

export interface Suppression {
  reason: SuppressionReason;
  createdAt: Date;
}

export async function findSuppression(db: Queryable, hash: Buffer): Promise<Suppression | undefined> {
  const { rows } = await db.query<Suppression>(
    'select reason, created_at as "createdAt" from waitlist.suppressions where email_hash = $1',
    [hash],
  );
  return rows[0];
}

/** The reasons for many addresses at once (a page of the staff list), keyed by hash (hex). */
export async function suppressionReasons(db: Queryable, hashes: Buffer[]): Promise<Map<string, SuppressionReason>> {
  if (hashes.length === 0) return new Map();
  const { rows } = await db.query<{ hash: Buffer; reason: SuppressionReason }>(
    'select email_hash as hash, reason from waitlist.suppressions where email_hash = any($1::bytea[])',
    [hashes],
  );
  return new Map(rows.map((row) => [row.hash.toString('hex'), row.reason]));
}

/** What the sending gate needs before each mail: the address's suppression, if any, and whether it has soft bounces. */
export async function sendingState(
  db: Queryable,
  hash: Buffer,
): Promise<{ reason: SuppressionReason | null; createdAt: Date | null; soft: boolean } | undefined> {
  const { rows } = await db.query<{ reason: SuppressionReason | null; createdAt: Date | null; soft: boolean }>(
    `select s.reason, s.created_at as "createdAt",
            exists (select 1 from waitlist.soft_bounces b where b.email_hash = $1) as soft
       from (select 1) one left join waitlist.suppressions s on s.email_hash = $1`,
    [hash],
  );
  return rows[0];
}

/** A delivery went through: the count of temporary refusals in a row starts again. */
export async function clearSoftBounces(db: Queryable, hash: Buffer): Promise<void> {
  await db.query('delete from waitlist.soft_bounces where email_hash = $1', [hash]);
}

/**
 * The person asked again: a sign-up queued after the address was suppressed lifts the suppression. Rows queued
 * before it (a retry of the mail that bounced) do not.
 */
export async function liftIfAskedAfter(db: Queryable, hash: Buffer, askedAt: Date): Promise<boolean> {
  const { rowCount } = await db.query('delete from waitlist.suppressions where email_hash = $1 and created_at < $2', [
    hash,
    askedAt,
  ]);
  if (rowCount) await clearSoftBounces(db, hash);
  return (rowCount ?? 0) > 0;
}

/** One more temporary refusal; the third in a row suppresses the address. Answers the count. */
export async function recordSoftBounce(db: Queryable, hash: Buffer, source: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `insert into waitlist.soft_bounces (email_hash, count) values ($1, 1)
     on conflict (email_hash) do update set count = waitlist.soft_bounces.count + 1, last_at = now()
     returning count`,
    [hash],
  );
  const count = rows[0]?.count ?? 1;
  if (count >= SOFT_BOUNCES_TO_SUPPRESS) await suppress(db, hash, 'soft_bounces', source);
  return count;
}

/** Takes the address off the list (and forgets its temporary refusals); resolves to the reason it was on it for. */
export async function liftSuppression(db: Queryable, hash: Buffer): Promise<SuppressionReason | undefined> {
  const { rows } = await db.query<{ reason: SuppressionReason }>(
    `with lifted as (delete from waitlist.suppressions where email_hash = $1 returning reason),
          cleared as (delete from waitlist.soft_bounces where email_hash = $1)
     select reason from lifted`,
    [hash],
  );
  return rows[0]?.reason;
}
