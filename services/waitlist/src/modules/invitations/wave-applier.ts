import type { Logger } from '@mmdm/shared/logger';
import type { Registry } from '@mmdm/shared/metrics';
import { startPeriodic } from '@mmdm/shared/periodic';
import type pg from 'pg';
import { applyPendingWaves } from './invitations.service.js';

export interface WaveApplier {
  /** Invites what accepted waves have left; resolves to how many entries it invited. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The worker's side of a wave: the staff call picks the people and invites the first batch, and this invites the
 * rest, polling for picks left every `intervalMs` (an index probe of an empty table when no wave is under way). A
 * worker stopped mid-wave leaves its picks in the table, and the next worker to start carries on from them.
 */
export function startWaveApplier({
  pool,
  logger,
  intervalMs,
  batchSize,
  metrics,
}: {
  pool: pg.Pool;
  logger: Logger;
  intervalMs: number;
  batchSize?: number;
  metrics?: Registry;
}): WaveApplier {
  let stopped = false;
  let failing = false;

  // A stop waits for the batch in progress only, not for the rest of a large wave.
  const runOnce = () => applyPendingWaves(pool, batchSize, () => stopped);
  const job = startPeriodic({
    name: 'wave-applier',
    everyMs: intervalMs,
    jitter: 0.1,
    logger,
    metrics,
    firstRun: 'now',
    run: async () => {
      const invited = await runOnce();
      if (invited > 0) logger.info({ invited }, 'invited the rest of an accepted wave');
      if (failing) logger.info('wave applier recovered');
      failing = false;
    },
    onError: (error) => {
      // Once per outage, not once per run: the picks wait in the table meanwhile.
      if (!failing) logger.warn({ err: error }, 'could not invite the rest of a wave; retrying');
      failing = true;
    },
  });

  return {
    runOnce,
    async stop() {
      stopped = true;
      await job.stop();
    },
  };
}
