import type { Invitation } from '@mmdm/contracts/launch';
import type { BalanceTarget, WaveMix } from '@mmdm/contracts/launch-admin';
import type { Queryable } from '../../lib/db.js';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { inTransaction, isDeadlock } from '../../lib/db.js';
import { erasedLinkPurpose } from '../../lib/erased-links.repository.js';
import { hashToken } from '../../lib/tokens.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import {
  admit,
  applyWaveBatch,
  cityExists,
  findInvitation,
  insertPicks,
  inviteWave,
  listWaves,
  oldestPendingWave,
  previewWave,
  type InvitationRow,
} from './invitations.repository.js';
import type { InvitationsMetrics } from './invitations.metrics.js';

export interface InvitationsServiceDeps {
  pool: pg.Pool;
  metrics: InvitationsMetrics;
  /** How many of a wave the staff call invites itself; the worker invites the rest, as many per transaction. */
  waveBatch?: number;
  /** APP_STORE_URL / PLAY_STORE_URL, which the invitation page's badges lead to. */
  stores?: { appStore: string | null; playStore: string | null };
  /** A wave's audit row is recorded here, in the wave's transaction. */
  audit: AuditService;
  /** A balanced wave's draft (the balance module's, wired in by the app): who it picks, and the mix in counts. */
  balancedDraft?: BalancedDraft;
  /**
   * Runs in the admission's transaction, with the invitation token the person holds: the member's tickets for
   * friends are made here (wired in by the app, so features do not import each other).
   */
  onAdmitted?: (client: pg.PoolClient, entryId: string, rawInviteToken: string) => Promise<void>;
}

/**
 * Picks a balanced wave (decision 035) in `db`: entry ids in the order the wave invites them (friends holding a
 * ticket, then place order), and how many of each group (counts only).
 */
export type BalancedDraft = (
  db: Queryable,
  request: { count: number; cityId: number | null; target: BalanceTarget },
) => Promise<{ ids: string[]; mix: WaveMix }>;

/**
 * A batch small enough that the staff call answers well within a second at 1,000,000 entries (a wave of 10,000 in one
 * statement took 0.9-2.3 s on the bench machine), large enough that a wave of the panel's usual size is invited by the
 * call itself.
 */
export const WAVE_BATCH = 1000;

export interface WaveRequest {
  count: number;
  city?: number | undefined;
  /** A target mix: the wave is drafted balanced (decision 035). */
  balance?: BalanceTarget | undefined;
  /** The staff member who asked for it, in their request: the wave row and its audit row name them. */
  actor: AuditActor & { requestId: string };
}

const INVALID = () => new AppError(404, 'token_invalid', 'This invitation link is not valid.');
const REMOVED = () =>
  new AppError(410, 'entry_removed', 'This invitation belonged to an entry that has been removed from the waitlist.');

type Stores = Invitation['stores'];
const NO_STORES: Stores = { appStore: null, playStore: null };

function toInvitation(row: InvitationRow, stores: Stores, admittedAt: Date | null = row.admittedAt): Invitation {
  return {
    stores,
    email: row.email,
    status: admittedAt ? 'admitted' : 'invited',
    invitedAt: (row.invitedAt ?? new Date()).toISOString(),
    admittedAt: admittedAt ? admittedAt.toISOString() : null,
    city: row.cityId !== null && row.cityName !== null ? { id: row.cityId, name: row.cityName } : null,
  };
}

async function retryDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (isDeadlock(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * Invites what accepted waves have left, a batch per transaction, oldest wave first, until none is left, the rest is
 * held by another applier (the worker's replicas share it), or `stopping()` says the process is shutting down (the
 * picks left wait for the next worker). Resolves to how many entries it invited.
 */
export async function applyPendingWaves(
  pool: pg.Pool,
  batchSize = WAVE_BATCH,
  stopping: () => boolean = () => false,
): Promise<number> {
  let invited = 0;
  while (!stopping()) {
    const wave = await oldestPendingWave(pool);
    if (!wave) break;
    const batch = await retryDeadlock(() => inTransaction(pool, (client) => applyWaveBatch(client, wave, batchSize)));
    invited += batch.invited;
    if (batch.taken === 0) break;
  }
  return invited;
}

export function createInvitationsService({
  pool,
  metrics,
  waveBatch = WAVE_BATCH,
  stores = NO_STORES,
  audit,
  balancedDraft,
  onAdmitted,
}: InvitationsServiceDeps) {
  const draftOf = () => {
    if (!balancedDraft) throw new AppError(400, 'validation_error', 'Balanced waves are not available here.');
    return balancedDraft;
  };

  return {
    /**
     * A wave is accepted in one transaction: the wave row, its picks, the first `waveBatch` of them invited with their
     * outbox rows, and its audit row commit together or not at all; the worker invites the rest
     * (applyPendingWaves). A confirmation crediting someone the wave is inviting can deadlock with it on a bucket row:
     * Postgres aborts one, and the wave runs again.
     */
    async invite(request: WaveRequest): Promise<{ waveId: number; invited: number }> {
      const { actor } = request;
      const cityId = request.city ?? null;
      if (cityId !== null && !(await cityExists(pool, cityId))) {
        throw new AppError(404, 'not_found', 'No such city.');
      }
      const target = request.balance;
      const draft = target ? draftOf() : undefined;
      const pick =
        target && draft
          ? async (client: pg.PoolClient, waveId: string) => {
              const { ids } = await draft(client, { count: request.count, cityId, target });
              return insertPicks(client, waveId, ids);
            }
          : undefined;
      const wave = await retryDeadlock(() =>
        inTransaction(pool, async (client) => {
          const { waveId, invited } = await inviteWave(
            client,
            {
              count: request.count,
              cityId,
              createdBySub: actor.actorSub,
              createdByEmail: actor.actorEmail ?? null,
              requestId: actor.requestId,
            },
            waveBatch,
            pick,
          );
          // A balanced wave's audit row says that it was balanced, never its mix: counts of a small wave can point at
          // people, and the audit log names every staff reader.
          await audit.change(client, actor, 'wave.invite', waveId, {
            requested: request.count,
            invited,
            city: cityId,
            ...(target ? { balanced: true } : {}),
          });
          return { waveId: Number(waveId), invited };
        }),
      );
      // Counted once committed: a wave rolled back (and retried) invited nobody.
      metrics.invited.inc(wave.invited);
      return wave;
    },

    /**
     * A wave in the caller's transaction (a city's opening: the city opens and its first wave is accepted together,
     * or neither): the wave row, its picks, the first batch invited and its audit row. The caller retries the whole
     * transaction on a deadlock. Not counted in the invited metric until the worker's batches (the first batch is).
     */
    async inviteInTransaction(
      client: pg.PoolClient,
      request: WaveRequest,
    ): Promise<{ waveId: string; invited: number }> {
      const { actor } = request;
      const cityId = request.city ?? null;
      const { waveId, invited } = await inviteWave(
        client,
        {
          count: request.count,
          cityId,
          createdBySub: actor.actorSub,
          createdByEmail: actor.actorEmail ?? null,
          requestId: actor.requestId,
        },
        waveBatch,
      );
      await audit.change(client, actor, 'wave.invite', waveId, { requested: request.count, invited, city: cityId });
      return { waveId, invited };
    },

    async preview(count: number, city: number | undefined, balance?: BalanceTarget) {
      const cityId = city ?? null;
      const counts = await previewWave(pool, count, cityId);
      if (!balance) return counts;
      // In a transaction of its own, as in the wave's: the draft pins its reads' plans for the transaction.
      const draft = draftOf();
      const { ids, mix } = await inTransaction(pool, (client) => draft(client, { count, cityId, target: balance }));
      return { ...counts, matching: ids.length, mix };
    },

    async waves() {
      const rows = await listWaves(pool, 100);
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          createdAt: row.createdAt.toISOString(),
          createdBySub: row.createdBySub,
          createdByEmail: row.createdByEmail,
          city: row.cityId !== null && row.cityName !== null ? { id: row.cityId, name: row.cityName } : null,
          requested: row.requested,
          invited: row.invited,
          admitted: row.admitted,
        })),
      };
    },

    /** Read-only: what the invitation page shows. Unknown token, another purpose, or no longer invited: 404. */
    async invitation(rawToken: string): Promise<Invitation> {
      const hash = hashToken(rawToken);
      const row = await findInvitation(pool, hash);
      if (row?.purpose === 'invite' && row.status === 'unsubscribed') throw REMOVED();
      if (!row && (await erasedLinkPurpose(pool, hash)) === 'invite') throw REMOVED();
      if (!row || row.purpose !== 'invite' || (row.status !== 'invited' && row.status !== 'admitted')) throw INVALID();
      return toInvitation(row, stores);
    },

    /** Accepting twice answers the same: the person is in. */
    async accept(rawToken: string): Promise<Invitation> {
      const hash = hashToken(rawToken);
      let admittedNow = false;
      const invitation = await inTransaction(pool, async (client) => {
        const row = await findInvitation(client, hash, true);
        if (row?.purpose === 'invite' && row.status === 'unsubscribed') throw REMOVED();
        if (!row && (await erasedLinkPurpose(client, hash)) === 'invite') throw REMOVED();
        if (!row || row.purpose !== 'invite' || (row.status !== 'invited' && row.status !== 'admitted')) {
          throw INVALID();
        }
        if (row.status === 'admitted') return toInvitation(row, stores);
        admittedNow = true;
        const admittedAt = await admit(client, row.entryId, hash);
        await onAdmitted?.(client, row.entryId, rawToken);
        return toInvitation(row, stores, admittedAt);
      });
      if (admittedNow) metrics.admitted.inc();
      return invitation;
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
