import type { BalanceStatus } from '@mmdm/contracts/launch';
import { BALANCE_GROUPS, type BalanceTarget, type WaveMix } from '@mmdm/contracts/launch-admin';
import { AppError } from '@mmdm/shared/errors';
import type { Logger } from '@mmdm/shared/logger';
import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';
import { erasedLinkPurpose } from '../../lib/erased-links.repository.js';
import { hashToken } from '../../lib/tokens.js';
import { createBalanceSeal, BalanceUnreadable, type BalanceChoice } from './balance-seal.js';
import {
  declaredByPlace,
  deleteSealed,
  findByToken,
  firstByPlace,
  keepSealed,
  sealedOf,
  type BalanceLinkRow,
  type LineCursor,
} from './balance.repository.js';
import { decided, draftDeclared, enoughOf, mixOf, type GroupLines } from './balanced-draft.js';

export interface BalanceServiceDeps {
  pool: pg.Pool;
  /** BALANCE_DATA_KEY, or the key generated and kept in waitlist.service_keys (32 bytes, base64). */
  key: string;
  logger: Logger;
}

/** Declared rows the draft opens per round trip while it walks down the line. */
const DRAFT_PAGE = 5000;
/**
 * How far down the declared line a draft walks at most, as a multiple of its seats (and at least DRAFT_FLOOR rows): a
 * group too rare to fill its share within that depth counts as having what was found.
 */
const DRAFT_DEPTH_FACTOR = 20;
const DRAFT_FLOOR = 20_000;

const INVALID = () =>
  new AppError(404, 'token_invalid', 'This confirmation link is not valid. Sign up again to get a new one.');
const REMOVED = () =>
  new AppError(
    410,
    'entry_removed',
    'This entry has been removed from the waitlist. Sign up again to get a new place.',
  );
const CLOSED = () =>
  new AppError(409, 'balance_closed', 'You have been invited already, so this is no longer needed: nothing was kept.');
const UNREADABLE = () =>
  new AppError(
    500,
    'balance_data_unreadable',
    'The balance data cannot be opened with the key this service has (was BALANCE_DATA_KEY changed?): no balanced wave was drafted.',
  );

const NOT_GIVEN: BalanceStatus = { given: false, identity: null, seeking: null };

export interface BalancedDraftRequest {
  count: number;
  cityId: number | null;
  target: BalanceTarget;
}

export function createBalanceService({ pool, key, logger }: BalanceServiceDeps) {
  const box = createBalanceSeal(key);

  /** The entry behind a status page's link, as the places calls find it: 404 unknown or pending, 410 removed. */
  async function linkOf(rawToken: string): Promise<BalanceLinkRow> {
    const hash = hashToken(rawToken);
    const row = await findByToken(pool, hash);
    if (row?.purpose === 'confirm' && row.status === 'unsubscribed') throw REMOVED();
    if (!row && (await erasedLinkPurpose(pool, hash)) === 'confirm') throw REMOVED();
    if (!row || row.purpose !== 'confirm' || row.status === 'pending') throw INVALID();
    return row;
  }

  function statusOf(entryId: string, sealed: string | null | undefined): BalanceStatus {
    if (!sealed) return NOT_GIVEN;
    try {
      return { given: true, ...box.open(entryId, sealed) };
    } catch (error) {
      if (!(error instanceof BalanceUnreadable)) throw error;
      // Fails closed: the person sees that something is kept, not a guess at it. Never the value, never who.
      logger.warn('balance data kept for a person cannot be opened with this key (BALANCE_DATA_KEY changed?)');
      return { given: true, identity: null, seeking: null };
    }
  }

  return {
    async status(rawToken: string): Promise<BalanceStatus> {
      const row = await linkOf(rawToken);
      return statusOf(row.entryId, row.sealed);
    },

    async give(rawToken: string, choice: BalanceChoice): Promise<BalanceStatus> {
      const row = await linkOf(rawToken);
      if (row.status !== 'confirmed') throw CLOSED();
      if (!(await keepSealed(pool, row.entryId, box.seal(row.entryId, choice)))) throw CLOSED();
      return { given: true, ...choice };
    },

    async withdraw(rawToken: string): Promise<BalanceStatus> {
      const row = await linkOf(rawToken);
      await deleteSealed(pool, row.entryId);
      return NOT_GIVEN;
    },

    /** For the person's own "Your data" answer only (right of access): what is kept, opened; null when nothing. */
    async ownDataOf(entryId: string): Promise<BalanceStatus | null> {
      const sealed = await sealedOf(pool, entryId);
      return sealed ? statusOf(entryId, sealed) : null;
    },

    /**
     * A balanced wave's picks (decision 035), read in `db` (the wave's transaction, under its pick lock; or the pool
     * for a preview). Who said nothing is drafted exactly as an unbalanced wave of `count` would draft them (those
     * among its best `count` places); the seats left go to people with balance data, opened here in place order, a
     * page at a time and only as deep as the draft needs, never in SQL. Ids in no particular order; the mix in counts.
     */
    async draft(
      db: Queryable,
      { count, cityId, target }: BalancedDraftRequest,
    ): Promise<{ ids: string[]; mix: WaveMix }> {
      const first = await firstByPlace(db, count, cityId);
      const unsaid = first.filter((row) => !row.declared).map((row) => row.id);
      const seats = count - unsaid.length;
      const lines: GroupLines = {
        woman: { ids: [], ranks: [] },
        man: { ids: [], ranks: [] },
        nonbinary: { ids: [], ranks: [] },
      };
      const wanted = enoughOf(seats, target);
      const depth = Math.max(DRAFT_FLOOR, seats * DRAFT_DEPTH_FACTOR);
      const found = { woman: 0, man: 0, nonbinary: 0 };
      // Read on until every group has all its share could take, or what was read already decides the draft.
      const enough = () =>
        BALANCE_GROUPS.every((group) => found[group] >= wanted[group]) || decided(seats, target, found);
      let after: LineCursor | null = null;
      let walked = 0;
      while (seats > 0 && !enough() && walked < depth) {
        const page = await declaredByPlace(db, cityId, after, Math.min(DRAFT_PAGE, depth - walked));
        for (const row of page) {
          let choice: BalanceChoice;
          try {
            choice = box.open(row.id, row.sealed);
          } catch (error) {
            if (error instanceof BalanceUnreadable) throw UNREADABLE();
            throw error;
          }
          const line = lines[choice.identity];
          if (line.ids.length < wanted[choice.identity]) {
            line.ids.push(row.id);
            line.ranks.push(walked);
            found[choice.identity] += 1;
          }
          walked += 1;
          if (enough()) break;
        }
        const last = page.at(-1);
        if (!last || page.length < DRAFT_PAGE) break;
        after = { placeKey: last.placeKey, queueSeq: last.queueSeq };
      }
      const declared = draftDeclared(Math.max(0, seats), target, lines);
      return { ids: [...unsaid, ...declared.ids], mix: mixOf(declared.counts, unsaid.length) };
    },
  };
}

export type BalanceService = ReturnType<typeof createBalanceService>;
