import type pg from 'pg';
import { creditGivers, deleteEntries, deleteEntry } from './entries.repository.js';
import { forgetErasedEntry } from '../analytics/analytics.service.js';

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
 * place exact), and the roll-ups forget it.
 */
export async function eraseEntry(
  client: pg.PoolClient,
  entryId: string,
  beforeErase: BeforeErase | undefined,
): Promise<Erasure> {
  const creditedReferrer = await beforeErase?.(client, entryId);
  const gone = await deleteEntry(client, entryId);
  if (gone) await forgetErasedEntry(client, gone);
  return { erased: gone !== undefined, creditedReferrer };
}

/**
 * The same erasure for a batch (retention), in a few statements whatever its size: the credits the entries gave are
 * taken back one by one (rare: only confirmed people give credit), then one delete takes the rows and, on delete
 * cascade, their tokens, outbox rows and credit rows. The roll-ups keep their counts: a sign-up that lapsed still
 * happened on its day, and a day's count names nobody.
 */
export async function eraseEntries(
  client: pg.PoolClient,
  entryIds: string[],
  beforeErase: BeforeErase | undefined,
): Promise<{ erased: number; creditsTakenBack: number }> {
  if (!entryIds.length) return { erased: 0, creditsTakenBack: 0 };
  let creditsTakenBack = 0;
  if (beforeErase) {
    for (const id of await creditGivers(client, entryIds)) if (await beforeErase(client, id)) creditsTakenBack++;
  }
  return { erased: await deleteEntries(client, entryIds), creditsTakenBack };
}
