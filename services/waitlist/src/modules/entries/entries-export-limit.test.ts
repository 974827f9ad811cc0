import { beforeAll, describe, expect, it } from 'vitest';
import { useWaitlistApi } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();
let admin: string;
beforeAll(async () => {
  // The default cap (EXPORT_MAX_CONCURRENT unset): two at once.
  admin = await system.staff.sign('admin');
});

/** Export connections this test's database has open right now. */
async function exportConnections(): Promise<number> {
  const { rows } = await system.context.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'waitlist-export'`,
  );
  return rows[0]!.n;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('concurrent CSV exports', () => {
  it('run at most two at once: the others get 429 with Retry-After and open no connection; a slot frees when one ends', async () => {
    expect(system.api.config.exportMaxConcurrent).toBe(2);
    await system.api.request('/waitlist', { method: 'POST', body: { email: 'export-limit@example.com' } });

    // Holding the table keeps the first exports running (their query waits) for as long as the test wants.
    const locker = await system.context.pool.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table waitlist.entries in access exclusive mode');
      const running = [0, 1].map(() => system.api.request('/api/admin/waitlist/entries.csv', { token: admin }));
      await until(async () => (await exportConnections()) === 2);

      const refused = await Promise.all(
        [0, 1, 2].map(() => system.api.request('/api/admin/waitlist/entries.csv', { token: admin })),
      );
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(answer.headers['retry-after']).toBe('10');
        expect(answer.body).toMatchObject({ success: false, code: 'too_many_exports' });
      }
      expect(await exportConnections()).toBe(2);

      await locker.query('commit');
      for (const answer of await Promise.all(running)) {
        expect(answer.status).toBe(200);
        expect(answer.text).toContain('export-limit@example.com');
      }
    } finally {
      await locker.query('rollback').catch(() => undefined);
      locker.release();
    }

    // Both slots are free again, and the refused ones were not audited as exports.
    const again = await Promise.all(
      [0, 1].map(() => system.api.request('/api/admin/waitlist/entries.csv', { token: admin })),
    );
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    const { rows } = await system.context.pool.query<{ n: number }>(
      "select count(*)::int as n from waitlist.audit_log where action = 'entries.export'",
    );
    expect(rows[0]!.n).toBe(4);
  });
});
