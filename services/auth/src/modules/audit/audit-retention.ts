import type { Logger } from '@mmdm/shared/logger';
import type { Registry } from '@mmdm/shared/metrics';
import { startPeriodic } from '@mmdm/shared/periodic';
import type pg from 'pg';
import { deleteAuditOlderThan } from './audit.repository.js';

/** Erases audit rows older than `days`, a batch per statement, and answers how many went. */
export async function purgeAuditLog(pool: pg.Pool, days: number, batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteAuditOlderThan(pool, days, batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * The privacy policy's retention for the auth service's own audit log (AUDIT_RETENTION_DAYS, as the waitlist's):
 * purged every `intervalMs`; each run logs how many rows went, nothing else.
 */
export function startAuditRetention({
  pool,
  logger,
  days,
  intervalMs,
  metrics,
}: {
  pool: pg.Pool;
  logger: Logger;
  days: number;
  intervalMs: number;
  metrics?: Registry;
}) {
  return startPeriodic({
    name: 'audit-retention',
    everyMs: intervalMs,
    jitter: 0.1,
    logger,
    metrics,
    run: async () => {
      const auditRows = await purgeAuditLog(pool, days);
      logger.info({ auditRows }, 'audit retention run');
    },
  });
}
