import type { Logger } from '@mmdm/shared/logger';
import type { Registry } from '@mmdm/shared/metrics';
import { startPeriodic } from '@mmdm/shared/periodic';
import type pg from 'pg';
import { rollUpClosedDays, rollUpOpenMinutes } from './stats.repository.js';

/**
 * How often the open day's minutes are rolled up: what the dashboard counts live is the sign-ups since the last
 * rolled minute, so at most about a minute and this long of them.
 */
const OPEN_MINUTES_EVERY_MS = 5_000;

/**
 * Rolls up closed days now and then every `intervalMs` (a few index range counts once the backlog is in), and the
 * open day's closed minutes every 5 s (or `intervalMs` if shorter), right after the days so the minutes start where
 * the closed days end.
 */
export function startStatsRollup({
  pool,
  logger,
  intervalMs,
  metrics,
}: {
  pool: pg.Pool;
  logger: Logger;
  intervalMs: number;
  metrics?: Registry;
}) {
  let daysRolledAt = Number.NEGATIVE_INFINITY;
  return startPeriodic({
    name: 'stats-rollup',
    everyMs: Math.min(intervalMs, OPEN_MINUTES_EVERY_MS),
    jitter: 0.1,
    logger,
    metrics,
    firstRun: 'now',
    run: async () => {
      if (Date.now() - daysRolledAt >= intervalMs) {
        // Caught here, not by the job: a failed day roll-up must not hold back the open day's minutes.
        try {
          const { days } = await rollUpClosedDays(pool);
          daysRolledAt = Date.now();
          logger.debug({ days }, 'daily stats rolled up');
        } catch (error) {
          logger.warn({ err: error }, 'daily stats roll-up failed; will retry');
        }
      }
      const { minutes } = await rollUpOpenMinutes(pool);
      logger.debug({ minutes }, 'open day minutes rolled up');
    },
  });
}
