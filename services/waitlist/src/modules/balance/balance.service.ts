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
  deleteSealed,
  findByToken,
  keepSealed,
  lineByPlace,
  pinLinePlans,
  sealedOf,
  ticketHoldersByPlace,
  type BalanceLinkRow,
  type LineRow,
} from './balance.repository.js';
import {
  decided,
  draftDeclared,
  enoughOf,
  fixedFits,
  mixOf,
  NO_ONE,
  type GroupCounts,
  type GroupLines,
} from './balanced-draft.js';

export interface BalanceServiceDeps {
  pool: pg.Pool;
  /** BALANCE_DATA_KEY, or the key generated and kept in waitlist.service_keys (32 bytes, base64). */
  key: string;
  logger: Logger;
}

/** Declared rows the draft opens per round trip while it walks down the line. */
export const DRAFT_PAGE = 5000;
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

function addCounts(a: GroupCounts, b: GroupCounts): GroupCounts {
  return { woman: a.woman + b.woman, man: a.man + b.man, nonbinary: a.nonbinary + b.nonbinary };
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
     * A balanced wave's picks (decision 035), read in `db`: a transaction (the wave's, under its pick lock; or a
     * preview's), whose planner settings the draft pins while it reads (pinLinePlans). Friends holding a ticket come
     * first, as in every wave of their city (decision 036), and those of them who said something count toward the
     * mix. Who said nothing is drafted exactly as an unbalanced wave of `count` would draft them (those among its best
     * places after the ticket holders); the seats left go to people with balance data, opened here in place order,
     * only as deep as the draft needs, never in SQL. Ids in the order of the picks (the friends, then the others by
     * place); the mix in counts, the ticket holders included.
     */
    async draft(db: Queryable, request: BalancedDraftRequest): Promise<{ ids: string[]; mix: WaveMix }> {
      // The friends first, planned freely (a handful of rows through tickets_waiting_idx); then the line, pinned.
      const friends = await ticketHoldersByPlace(db, request.count, request.cityId);
      const unpin = await pinLinePlans(db);
      try {
        return await drafted(db, request, friends);
      } finally {
        await unpin();
      }
    },
  };

  /** The draft itself (see `draft`), its reads pinned to the walk down the line. */
  async function drafted(
    db: Queryable,
    { count, cityId, target }: BalancedDraftRequest,
    friends: LineRow[],
  ): Promise<{ ids: string[]; mix: WaveMix }> {
    const open = (row: LineRow & { sealed: string }): BalanceChoice => {
      try {
        return box.open(row.id, row.sealed);
      } catch (error) {
        if (error instanceof BalanceUnreadable) throw UNREADABLE();
        throw error;
      }
    };
    const friendIds = new Set(friends.map((row) => row.id));
    const fixed: GroupCounts = { ...NO_ONE };
    let friendsUnsaid = 0;
    for (const row of friends) {
      if (row.sealed === null) friendsUnsaid += 1;
      else fixed[open({ ...row, sealed: row.sealed }).identity] += 1;
    }
    const rest = count - friends.length;
    // The line's first `count` holders hold an unbalanced wave's picks after the friends (at most `count` of them
    // are friends); one read gives who said nothing among them, and the start of the declared line.
    const first = rest > 0 ? await lineByPlace(db, cityId, null, count, false) : [];
    // Where each row read stands in the line: the picks are recorded in that order (friends first).
    const position = new Map<string, number>();
    let read = 0;
    for (const row of first) position.set(row.id, read++);
    const line = first.filter((row) => !friendIds.has(row.id));
    const unsaid = line
      .slice(0, rest)
      .filter((row) => row.sealed === null)
      .map((row) => row.id);
    const seats = Math.max(0, rest - unsaid.length);
    // Friends who said something beyond what any mix of this size allows: the mix is kept among the seats alone.
    const counted = fixedFits(seats, target, fixed) ? fixed : NO_ONE;
    const lines: GroupLines = {
      woman: { ids: [], ranks: [] },
      man: { ids: [], ranks: [] },
      nonbinary: { ids: [], ranks: [] },
    };
    const wanted = enoughOf(seats, target, counted);
    const depth = Math.max(DRAFT_FLOOR, seats * DRAFT_DEPTH_FACTOR);
    const found = { woman: 0, man: 0, nonbinary: 0 };
    // Read on until every group has all its share could take, or what was read already decides the draft.
    const enough = () =>
      BALANCE_GROUPS.every((group) => found[group] >= wanted[group]) || decided(seats, target, found, counted);
    let walked = 0;
    const take = (rows: LineRow[]): boolean => {
      for (const row of rows) {
        if (row.sealed === null || friendIds.has(row.id)) continue;
        if (walked >= depth || enough()) return false;
        const { identity } = open({ ...row, sealed: row.sealed });
        const group = lines[identity];
        if (group.ids.length < wanted[identity]) {
          group.ids.push(row.id);
          group.ranks.push(walked);
          found[identity] += 1;
        }
        walked += 1;
      }
      return true;
    };
    let more = seats > 0 && take(line) && first.length === count;
    let after = first.at(-1) ?? null;
    while (more && after && walked < depth && !enough()) {
      const page = await lineByPlace(db, cityId, after, Math.min(DRAFT_PAGE, depth - walked), true);
      for (const row of page) position.set(row.id, read++);
      more = take(page) && page.length === Math.min(DRAFT_PAGE, depth - walked);
      after = page.at(-1) ?? null;
    }
    const declared = draftDeclared(seats, target, lines, counted);
    const counts = counted === fixed ? declared.counts : addCounts(declared.counts, fixed);
    const byPlace = [...unsaid, ...declared.ids].sort((a, b) => position.get(a)! - position.get(b)!);
    return {
      ids: [...friends.map((row) => row.id), ...byPlace],
      mix: mixOf(counts, unsaid.length + friendsUnsaid),
    };
  }
}

export type BalanceService = ReturnType<typeof createBalanceService>;
