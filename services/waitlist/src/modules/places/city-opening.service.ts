import { randomUUID } from 'node:crypto';
import type { CityOpeningBody, OpeningState, StaffCity } from '@mmdm/contracts/launch-admin';
import type { CityProgress } from '@mmdm/contracts/launch';
import { WEB_PATHS } from '@mmdm/contracts/web-paths';
import { AppError } from '@mmdm/shared/errors';
import type { Logger } from '@mmdm/shared/logger';
import type pg from 'pg';
import { inTransaction, isDeadlock } from '../../lib/db.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { queueAdminAlert } from '../mail/mail.service.js';
import { recordWebhookEvent } from '../webhooks/webhooks.service.js';
import {
  citiesDue,
  findCityOpening,
  lockCityOpening,
  markOpened,
  markThresholdReached,
  setOpeningWave,
  updateCityOpening,
  type CityOpeningRow,
} from './city-opening.repository.js';

/** Who opens a city that reached its threshold by itself, in the audit log and on the city. */
export const SYSTEM_ACTOR: AuditActor = { actorSub: 'system', actorRole: 'system', ip: null, requestId: null };

type WaveActor = AuditActor & { requestId: string };

export interface CityOpeningDeps {
  pool: pg.Pool;
  audit: AuditService;
  /** The invitations module's wave, in the opening's transaction (wired in by app.ts and the worker). */
  inviteWave: (
    client: pg.PoolClient,
    request: { count: number; city: number; actor: WaveActor },
  ) => Promise<{ waveId: string; invited: number }>;
  logger?: Logger;
}

/** Where a city stands on its way to opening. */
export function openingStateOf(row: CityOpeningRow): OpeningState {
  if (row.openedAt) return 'open';
  if (row.openingThreshold === null) return 'none';
  return row.thresholdReachedAt ? 'awaiting_approval' : 'waiting';
}

/** A city as the staff panel lists it; `people`: everyone who chose it, whatever their status. */
export function toStaffCity(row: CityOpeningRow, people: number): StaffCity {
  return {
    id: row.id,
    name: row.name,
    sort: row.sort,
    createdAt: row.createdAt.toISOString(),
    people,
    confirmed: row.confirmed,
    openingThreshold: row.openingThreshold,
    firstWaveSize: row.firstWaveSize,
    openMode: row.openMode,
    opening: {
      state: openingStateOf(row),
      thresholdReachedAt: row.thresholdReachedAt ? row.thresholdReachedAt.toISOString() : null,
      openedAt: row.openedAt ? row.openedAt.toISOString() : null,
      openedBy: row.openedBy,
      waveId: row.openingWaveId === null ? null : Number(row.openingWaveId),
    },
  };
}

/** What the public city list says of a city: its progress when it has a threshold, nothing otherwise. */
export function progressOf(row: CityOpeningRow): CityProgress | undefined {
  if (row.openingThreshold === null) return undefined;
  return { confirmed: row.confirmed, threshold: row.openingThreshold, opened: row.openedAt !== null };
}

const figures = new Intl.NumberFormat('en-GB');

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

export type OpeningOutcome = 'opened' | 'awaiting_approval' | 'unchanged';

/**
 * Cities that open at a threshold (docs/decisions/034-cities-that-open-at-a-threshold.md). Every step on a city runs
 * in a transaction holding the city's row lock, and each change is a conditional update (threshold_reached_at is
 * null, opened_at is null): however many API replicas and workers check at once, a city's threshold is marked once,
 * its admins are mailed once, and it opens once with one first wave.
 */
export function createCityOpeningService({ pool, audit, inviteWave, logger }: CityOpeningDeps) {
  /**
   * The city opens: the one place where that happens, for the threshold (mode auto) and for an admin's click alike.
   * In the caller's transaction, holding the city's row lock: opened_at is set only where it was null, then the first
   * wave (firstWaveSize of the city's best places, through the invitations module) is accepted and the opening
   * audited, all committing together. Undefined when the city was open already.
   */
  async function openCity(
    client: pg.PoolClient,
    city: CityOpeningRow,
    actor: WaveActor,
  ): Promise<{ invited: number; waveId: string | null } | undefined> {
    if (!(await markOpened(client, city.id, actor.actorEmail ?? actor.actorSub))) return undefined;
    let wave: { waveId: string; invited: number } | null = null;
    if (city.firstWaveSize > 0) {
      wave = await inviteWave(client, { count: city.firstWaveSize, city: city.id, actor });
      await setOpeningWave(client, city.id, wave.waveId);
    }
    await audit.change(client, actor, 'city.open', String(city.id), {
      name: city.name,
      confirmed: city.confirmed,
      threshold: city.openingThreshold,
      mode: city.openMode,
      firstWaveSize: city.firstWaveSize,
      waveId: wave ? Number(wave.waveId) : null,
      invited: wave?.invited ?? 0,
    });
    // The app learns of it with the opening itself (decision 037): ids and figures, nobody's data.
    await recordWebhookEvent(client, 'city.opened', {
      cityId: city.id,
      name: city.name,
      waveId: wave ? Number(wave.waveId) : null,
      invited: wave?.invited ?? 0,
    });
    return { invited: wave?.invited ?? 0, waveId: wave?.waveId ?? null };
  }

  /** The admins hear that the city waits for its opening click, in the transaction that marked it. */
  async function alertAdmins(client: pg.PoolClient, city: CityOpeningRow): Promise<void> {
    await queueAdminAlert(client, {
      topic: 'city.awaiting_approval',
      subject: `${city.name} reached its opening threshold`,
      paragraphs: [
        `${city.name} has ${figures.format(city.confirmed)} people in line, its opening threshold of ` +
          `${figures.format(city.openingThreshold ?? 0)}. It opens when an admin says so, on the staff panel's dashboard.`,
        city.firstWaveSize > 0
          ? `Opening it sends its first wave: ${figures.format(city.firstWaveSize)} invitations to the best places in ${city.name}.`
          : `Its first wave is set to nobody: opening it sends no invitation by itself.`,
      ],
      actionPath: WEB_PATHS.staffDashboard,
      actionLabel: 'Open the dashboard',
    });
  }

  /**
   * One city's next step, if it has one: at its threshold and not marked, it is marked (audited as the system's) and
   * then opens at once (mode auto) or waits for an admin, who is mailed (mode approve); marked and set to auto since,
   * it opens. Checked again under the city's row lock, so a second checker finds the step done and does nothing.
   */
  async function check(cityId: number): Promise<OpeningOutcome> {
    return retryDeadlock(() =>
      inTransaction(pool, async (client) => {
        const city = await lockCityOpening(client, cityId);
        if (!city || city.openedAt || city.openingThreshold === null) return 'unchanged';
        if (!city.thresholdReachedAt) {
          if (city.confirmed < city.openingThreshold) return 'unchanged';
          if (!(await markThresholdReached(client, city.id))) return 'unchanged';
          await audit.change(client, SYSTEM_ACTOR, 'city.threshold_reached', String(city.id), {
            name: city.name,
            confirmed: city.confirmed,
            threshold: city.openingThreshold,
            mode: city.openMode,
          });
          if (city.openMode === 'approve') {
            await alertAdmins(client, city);
            return 'awaiting_approval';
          }
        } else if (city.openMode === 'approve') {
          return 'unchanged';
        }
        const opened = await openCity(client, city, { ...SYSTEM_ACTOR, requestId: `city-open-${randomUUID()}` });
        return opened ? 'opened' : 'unchanged';
      }),
    );
  }

  /** Every city with a step to take (`only`: that city alone), each in its own transaction. */
  async function checkDue(only?: number): Promise<Map<number, OpeningOutcome>> {
    const outcomes = new Map<number, OpeningOutcome>();
    for (const id of await citiesDue(pool, only)) outcomes.set(id, await check(id));
    return outcomes;
  }

  return {
    check,
    checkDue,

    /**
     * After a person chose a city (the only change that raises a count): its next step, at once. A failure is logged
     * and left to the worker's periodic check; the person's choice is saved either way.
     */
    async afterCityChosen(cityId: number): Promise<void> {
      try {
        const outcomes = await checkDue(cityId);
        const outcome = outcomes.get(cityId);
        if (outcome && outcome !== 'unchanged') logger?.info({ cityId, outcome }, 'city reached its threshold');
      } catch (error) {
        logger?.warn({ err: error, cityId }, 'could not check the city opening; the worker checks again');
      }
    },

    /** Staff: a city's opening settings, audited; a threshold lowered to the count takes its next step at once. */
    async setOpening(id: number, settings: CityOpeningBody, actor: AuditActor): Promise<CityOpeningRow> {
      await inTransaction(pool, async (client) => {
        const before = await lockCityOpening(client, id);
        if (!before) throw new AppError(404, 'not_found', 'No such city.');
        await updateCityOpening(client, id, settings);
        await audit.change(client, actor, 'city.opening_set', String(id), {
          name: before.name,
          ...settings,
          before: {
            openingThreshold: before.openingThreshold,
            firstWaveSize: before.firstWaveSize,
            openMode: before.openMode,
          },
        });
      });
      await checkDue(id);
      return (await findCityOpening(pool, id))!;
    },

    /**
     * Staff: opens a city awaiting approval, with its first wave. Idempotent: a city open already answers so and sends
     * nothing; a city short of its threshold is refused (409 city_not_ready).
     */
    async openByStaff(
      id: number,
      actor: WaveActor,
    ): Promise<{ city: CityOpeningRow; alreadyOpen: boolean; invited: number }> {
      const result = await retryDeadlock(() =>
        inTransaction(pool, async (client) => {
          const city = await lockCityOpening(client, id);
          if (!city) throw new AppError(404, 'not_found', 'No such city.');
          if (city.openedAt) return { alreadyOpen: true, invited: 0 };
          if (!city.thresholdReachedAt) {
            const short =
              city.openingThreshold === null
                ? `${city.name} has no opening threshold: set one, or invite a wave to it.`
                : `${city.name} has ${figures.format(city.confirmed)} of the ${figures.format(city.openingThreshold)} ` +
                  'people it needs to open.';
            throw new AppError(409, 'city_not_ready', short);
          }
          const opened = await openCity(client, city, actor);
          return opened ? { alreadyOpen: false, invited: opened.invited } : { alreadyOpen: true, invited: 0 };
        }),
      );
      return { city: (await findCityOpening(pool, id))!, ...result };
    },
  };
}

export type CityOpeningService = ReturnType<typeof createCityOpeningService>;
