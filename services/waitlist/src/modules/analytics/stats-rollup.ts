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
      // A failed day roll-up must not hold back the open day's minutes, yet it is a failed run: kept until the
      // minutes are done, then thrown so the job logs it and counts it in periodic_failures_total.
      let daysFailure: Error | undefined;
      if (Date.now() - daysRolledAt >= intervalMs) {
        try {
          const { days } = await rollUpClosedDays(pool);
          daysRolledAt = Date.now();
          logger.debug({ days }, 'daily stats rolled up');
        } catch (error) {
          daysFailure = new Error('daily stats roll-up failed', { cause: error });
        }
      }
      try {
        const { minutes } = await rollUpOpenMinutes(pool);
        logger.debug({ minutes }, 'open day minutes rolled up');
      } catch (error) {
        if (!daysFailure) throw error;
        throw new AggregateError([daysFailure, error], 'daily stats and open day minutes roll-ups failed');
      }
      if (daysFailure) throw daysFailure;
    },
  });
}
