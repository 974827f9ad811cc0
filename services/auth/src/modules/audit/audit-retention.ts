import type { Logger } from '@mmdm/shared/logger';
import type pg from 'pg';

/**
 * Erases audit rows older than `days`, a batch per statement (short transactions: sign-ins write this table), and
 * answers how many went. Rows are walked by id, which follows their time.
 */
export async function purgeAuditLog(pool: pg.Pool, days: number, batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `delete from auth.audit_log
        where id in (select id from auth.audit_log
                      where at < now() - make_interval(days => $1::int)
                      order by id
                      limit $2)`,
      [days, batchSize],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize) return total;
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
