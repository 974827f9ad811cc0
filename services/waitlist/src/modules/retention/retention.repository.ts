import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';

/**
 * Entries unsubscribed at least `hours` ago, locked; rows someone else holds (a sign-up of the same address, staff)
 * are skipped and taken at the next run, so the purge never waits and never makes anyone wait long.
 */
export async function lockLapsedUnsubscribed(
  client: pg.PoolClient,
  hours: number,
  limit: number,
): Promise<{ id: string; email: string }[]> {
  const { rows } = await client.query<{ id: string; email: string }>(
    `select id, email from waitlist.entries
      where status = 'unsubscribed' and coalesce(unsubscribed_at, updated_at) <= now() - make_interval(hours => $1::int)
      order by id
      limit $2
      for update skip locked`,
    [hours, limit],
  );
  return rows;
}

/**
 * Sign-ups never confirmed whose last mail was queued at least `hours` ago, locked (skipping rows in use). Walks
 * entries_status_created_idx: a pending entry's last mail is never before its sign-up, so the created_at bound is
 * implied and lets the index stop early. A re-sign-up that bumped the last mail takes the row out of the purge.
 */
export async function lockLapsedUnconfirmed(client: pg.PoolClient, hours: number, limit: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `select id from waitlist.entries
      where status = 'pending'
        and created_at <= now() - make_interval(hours => $1::int)
        and coalesce(last_mail_queued_at, created_at) <= now() - make_interval(hours => $1::int)
      order by created_at, id
      limit $2
      for update skip locked`,
    [hours, limit],
  );
  return rows.map((row) => row.id);
}

/** Audit rows older than `days`, a batch at a time (audit_log_at_idx). */
export async function deleteOldAuditRows(db: Queryable, days: number, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from waitlist.audit_log
      where id in (select id from waitlist.audit_log
                    where at < now() - make_interval(days => $1::int)
                    order by at
                    limit $2
                    for update skip locked)`,
    [days, limit],
  );
  return rowCount ?? 0;
}
