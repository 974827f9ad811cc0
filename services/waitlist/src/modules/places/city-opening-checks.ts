import type { Logger } from '@mmdm/shared/logger';
import type { Registry } from '@mmdm/shared/metrics';
import { startPeriodic, type PeriodicJob } from '@mmdm/shared/periodic';
import type { CityOpeningService } from './city-opening.service.js';

/**
 * The worker's side of the cities' openings: every `intervalMs`, each city with a step to take takes it (one small
 * read of the cities when none has). The API takes the step at once when a person's city choice reaches a threshold;
 * this catches what that missed (a failed check, a threshold lowered or a mode changed to auto while at it). Workers
 * and API replicas may check the same city at once: the city's row lock and the conditional updates keep the
 * opening to one.
 */
export function startCityOpeningChecks({
  opening,
  logger,
  intervalMs,
  metrics,
}: {
  opening: Pick<CityOpeningService, 'checkDue'>;
  logger: Logger;
  intervalMs: number;
  metrics?: Registry;
}): PeriodicJob {
  return startPeriodic({
    name: 'city-opening',
    everyMs: intervalMs,
    jitter: 0.1,
    logger,
    metrics,
    firstRun: 'now',
    run: async () => {
      for (const [cityId, outcome] of await opening.checkDue()) {
        if (outcome !== 'unchanged') logger.info({ cityId, outcome }, 'city reached its threshold');
      }
    },
  });
}
