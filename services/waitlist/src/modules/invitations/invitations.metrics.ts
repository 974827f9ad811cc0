import type { Logger } from '@mmdm/shared/logger';
import { Counter, registerGaugesOfOneRead, type Registry } from '@mmdm/shared/metrics';
import type pg from 'pg';
import { waveBacklog } from './invitations.repository.js';

export interface InvitationsMetrics {
  invited: Counter;
  admitted: Counter;
}

/** Launch day's last two numbers: people let through by the waves, and people who took the invitation up. */
export function createInvitationsMetrics(registry: Registry): InvitationsMetrics {
  return {
    invited: new Counter({
      name: 'mmdm_invitations_total',
      help: 'People invited by invitation waves (each owed one invitation mail through the outbox)',
      registers: [registry],
    }),
    admitted: new Counter({
      name: 'mmdm_invitations_admitted_total',
      help: 'Invitations accepted: people admitted (a second accept of the same invitation is not counted)',
      registers: [registry],
    }),
  };
}

/**
 * The worker's side of the waves, read at scrape time: people chosen by accepted waves and not yet invited, and how
 * long the oldest such wave has waited. Between waves both are 0; a figure that stays up means no worker is inviting
 * (the WaveInvitationsStuck alert). A failed read reports NaN, as the outbox gauges do.
 */
export function registerWaveBacklogMetrics(registry: Registry, pool: pg.Pool, logger: Logger): void {
  registerGaugesOfOneRead(
    registry,
    () => waveBacklog(pool),
    (error) => logger.debug({ err: error }, 'wave metrics unavailable'),
    [
      {
        name: 'mmdm_wave_picks_pending',
        help: 'People chosen by accepted invitation waves and not yet invited',
        pick: (backlog) => backlog.pending,
      },
      {
        name: 'mmdm_wave_oldest_pending_age_seconds',
        help: 'Age of the oldest accepted wave with people not yet invited (0 when none)',
        pick: (backlog) => backlog.oldestSeconds,
      },
    ],
  );
}
