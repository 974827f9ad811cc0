import type pg from 'pg';
import { deleteEntry } from './admin.repository.js';
import { forgetErasedEntry } from './stats.repository.js';

/** In the erasure's transaction, before the row goes: takes back the credit it gave; returns that referrer. */
export type BeforeErase = (client: pg.PoolClient, entryId: string) => Promise<string | undefined>;

export interface Erasure {
  erased: boolean;
  /** The referrer whose credit went with the entry (its place moved back), for the audit log. */
  creditedReferrer: string | undefined;
}

/**
 * Erases one entry in the caller's transaction, the one way every erasure goes (staff deletion, the person's own
 * "Delete everything now", retention): the credit it gave is taken back from its referrer, the row goes and with it
 * its tokens, outbox rows and the credits it received (on delete cascade; the bucket trigger keeps everyone else's
 * place exact), and the roll-ups forget it. Retention keeps the roll-ups (`forgetCounts: false`): a sign-up that
 * lapsed still happened on its day, and the day's counts name nobody.
 */
export async function eraseEntry(
  client: pg.PoolClient,
  entryId: string,
  beforeErase: BeforeErase | undefined,
  { forgetCounts = true }: { forgetCounts?: boolean } = {},
): Promise<Erasure> {
  const creditedReferrer = await beforeErase?.(client, entryId);
  const gone = await deleteEntry(client, entryId);
  if (gone && forgetCounts) await forgetErasedEntry(client, gone);
  return { erased: gone !== undefined, creditedReferrer };
}
