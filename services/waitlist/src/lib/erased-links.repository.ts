import type { Queryable } from './db.js';

/**
 * Links whose entry was erased (migration 016): the trigger on entries writes them, this reads and ages them. Shared
 * by the features that open a link (confirmation, place, unsubscribe, invitation) the way the suppression list is.
 */
export async function erasedLinkPurpose(db: Queryable, hash: Buffer): Promise<string | undefined> {
  const { rows } = await db.query<{ purpose: string }>(
    'select purpose from waitlist.erased_links where token_hash = $1',
    [hash],
  );
  return rows[0]?.purpose;
}

/** How long a removed entry's links still say so: a year of old mails in inboxes. */
export const ERASED_LINK_RETENTION_DAYS = 365;

/** Retention: forgets links erased longer ago than ERASED_LINK_RETENTION_DAYS, in batches. Returns how many went. */
export async function forgetOldErasedLinks(db: Queryable, batch: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from waitlist.erased_links
      where token_hash in (select token_hash from waitlist.erased_links
                            where erased_at < now() - make_interval(days => $1::int) limit $2)`,
    [ERASED_LINK_RETENTION_DAYS, batch],
  );
  return rowCount ?? 0;
}
