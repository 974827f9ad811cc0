import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  staffKeys,
  startApi,
  type ApiHarness,
  type TestContext,
} from '../../testing/waitlist-harness.js';

// A file of its own: the test holds a lock on the entries table, which the other admin tests would wait on.
let context: TestContext;
let api: ApiHarness;
let admin: string;

beforeAll(async () => {
  context = await createTestContext();
  const staff = await staffKeys();
  // The default cap (EXPORT_MAX_CONCURRENT unset): two at once.
  api = await startApi(context, { staffKeys: staff.keys });
  admin = await staff.sign('admin');
});
afterAll(async () => {
  await api?.close();
  await context?.close();
});

/** Export connections this test's database has open right now. */
async function exportConnections(): Promise<number> {
  const { rows } = await context.pool.query<{ n: number }>(
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
    expect(api.config.exportMaxConcurrent).toBe(2);
    await api.request('/waitlist', { method: 'POST', body: { email: 'export-limit@example.com' } });

    // Holding the table keeps the first exports running (their query waits) for as long as the test wants.
    const locker = await context.pool.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table waitlist.entries in access exclusive mode');
      const running = [0, 1].map(() => api.request('/api/admin/waitlist/entries.csv', { token: admin }));
      await until(async () => (await exportConnections()) === 2);

      const refused = await Promise.all(
        [0, 1, 2].map(() => api.request('/api/admin/waitlist/entries.csv', { token: admin })),
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
    const again = await Promise.all([0, 1].map(() => api.request('/api/admin/waitlist/entries.csv', { token: admin })));
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    const { rows } = await context.pool.query<{ n: number }>(
      "select count(*)::int as n from waitlist.audit_log where action = 'entries.export'",
    );
    expect(rows[0]!.n).toBe(4);
  });
});
