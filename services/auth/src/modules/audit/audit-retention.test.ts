import { createLogger } from '@mmdm/shared/logger';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '@mmdm/tests/support';
import { buildAuditRow, daysAgo } from '../../testing/auth-factories.js';
import { useAuthService } from '../../testing/auth-harness.js';
import { purgeAuditLog, startAuditRetention } from './audit-retention.js';

const auth = useAuthService({ ownDatabase: true });

async function auditRowAged(days: number): Promise<string> {
  return (await buildAuditRow(auth.pool, { at: daysAgo(days) })).id;
}

async function left(ids: string[]): Promise<string[]> {
  const { rows } = await auth.pool.query<{ id: string }>(
    'select id from auth.audit_log where id = any($1::bigint[]) order by id',
    [ids],
  );
  return rows.map((row) => row.id);
}

describe('retention of the auth audit log (AUDIT_RETENTION_DAYS)', () => {
  it('erases rows older than the period and keeps younger ones, in batches', async () => {
    const old = [await auditRowAged(401), await auditRowAged(500), await auditRowAged(401)];
    const young = [await auditRowAged(399), await auditRowAged(0)];
    expect(await purgeAuditLog(auth.pool, 400, 2)).toBe(3);
    expect(await left([...old, ...young])).toEqual(young);
  });

  it('runs on its own every interval and logs the count only', async () => {
    const old = await auditRowAged(40);
    const logs = captureLogs();
    const logger = createLogger({ name: 'auth', level: 'info', destination: logs.stream });
    const runs = startAuditRetention({ pool: auth.pool, logger, days: 30, intervalMs: 100 });
    try {
      await expect.poll(() => left([old]), { timeout: 10_000 }).toEqual([]);
      await expect
        .poll(() => logs.lines().find((line) => line.msg === 'audit retention run'))
        .toMatchObject({
          auditRows: expect.any(Number),
        });
      expect(logs.text()).not.toContain('x@example.com');
    } finally {
      await runs.stop();
    }
  });
});
