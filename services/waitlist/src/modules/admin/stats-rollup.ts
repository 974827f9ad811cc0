import type { Logger } from '@mmdm/shared';
import type pg from 'pg';
import { rollUpClosedDays } from './stats.repository.js';

/** Rolls up closed days now and then every `intervalMs` (cheap: a few index range counts once the backlog is in). */
export function startStatsRollup({ pool, logger, intervalMs }: { pool: pg.Pool; logger: Logger; intervalMs: number }) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      const { days } = await rollUpClosedDays(pool);
      logger.debug({ days }, 'daily stats rolled up');
    } catch (error) {
      logger.warn({ err: error }, 'daily stats roll-up failed; will retry');
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), intervalMs);
  };
  running = tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
