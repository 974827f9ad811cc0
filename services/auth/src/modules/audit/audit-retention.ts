import type { Logger } from '@mmdm/shared/logger';
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
}: {
  pool: pg.Pool;
  logger: Logger;
  days: number;
  intervalMs: number;
}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    try {
      const auditRows = await purgeAuditLog(pool, days);
      logger.info({ auditRows }, 'audit retention run');
    } catch (error) {
      logger.warn({ err: error }, 'audit retention run failed; tried again at the next run');
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), intervalMs);
  };
  timer = setTimeout(() => (running = tick()), intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
