import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEntries } from '../../testing/waitlist-factories.js';
import { uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();
let tag: string;
beforeAll(async () => {
  tag = `r${randomBytes(4).toString('hex')}`;
  // 60 entries: a full page of the list is more than one row.
  await buildEntries(
    system.context.pool,
    Array.from({ length: 60 }, () => ({ email: uniqueEmail(tag) })),
  );
});

interface AuditRow {
  action: string;
  actor_sub: string;
  actor_role: string;
  ip: string | null;
  details: Record<string, unknown>;
}

async function auditOf(sub: string): Promise<AuditRow[]> {
  const { rows } = await system.context.pool.query<AuditRow>(
    'select action, actor_sub, actor_role, ip, details from waitlist.audit_log where actor_sub = $1 order by id',
    [sub],
  );
  return rows;
}

describe('staff reading personal data is audited', () => {
  it('opening the Users list writes one row per request (who, when, the filter), never the rows read', async () => {
    const sub = `viewer-${tag}`;
    const token = await system.staff.sign('viewer', { sub });
    const page = await system.api.request('/api/admin/waitlist/entries?limit=50&status=pending', { token });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(50);
    const rows = await auditOf(sub);
    expect(rows).toEqual([
      {
        action: 'entries.list',
        actor_sub: sub,
        actor_role: 'viewer',
        ip: expect.any(String),
        details: { status: 'pending', order: 'desc', limit: 50, laterPage: false },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('@example.com');

    await system.api.request(
      `/api/admin/waitlist/entries?limit=50&cursor=${encodeURIComponent(page.body.nextCursor)}`,
      {
        token,
      },
    );
    expect((await auditOf(sub)).map((row) => row.details.laterPage)).toEqual([false, true]);
  });

  it('a search records its term; the list by place records its order', async () => {
    const sub = `searcher-${tag}`;
    const token = await system.staff.sign('viewer', { sub });
    expect((await system.api.request(`/api/admin/waitlist/entries?q=${tag}`, { token })).status).toBe(200);
    expect((await system.api.request('/api/admin/waitlist/entries?order=place', { token })).status).toBe(200);
    expect(await auditOf(sub)).toMatchObject([
      { action: 'entries.search', details: { q: tag } },
      { action: 'entries.list', details: { order: 'place' } },
    ]);
  });

  it('an export records its filter before the first byte', async () => {
    const sub = `exporter-${tag}`;
    const answer = await system.api.request(`/api/admin/waitlist/entries.csv?q=${tag}`, {
      token: await system.staff.sign('admin', { sub }),
    });
    expect(answer.status).toBe(200);
    expect(await auditOf(sub)).toMatchObject([{ action: 'entries.export', details: { q: tag, status: null } }]);
  });

  it('a refused read (no token, bad input) writes nothing', async () => {
    const sub = `refused-${tag}`;
    const token = await system.staff.sign('viewer', { sub });
    expect((await system.api.request('/api/admin/waitlist/entries?q=ab', { token })).status).toBe(400);
    expect((await system.api.request('/api/admin/waitlist/entries?order=place&cursor=bad', { token })).status).toBe(
      400,
    );
    expect(await auditOf(sub)).toEqual([]);
  });

  it('admins see that trail in the audit log, alone with kind=reads or without it with kind=changes', async () => {
    const admin = await system.staff.sign('admin');
    const reads = await system.api.request('/api/admin/waitlist/audit?kind=reads&limit=100', { token: admin });
    expect(reads.status).toBe(200);
    const actions = new Set(reads.body.items.map((item: { action: string }) => item.action));
    expect([...actions].sort()).toEqual(['entries.export', 'entries.list', 'entries.search']);
    const changes = await system.api.request('/api/admin/waitlist/audit?kind=changes&limit=100', { token: admin });
    expect(changes.status).toBe(200);
    expect(changes.body.items.filter((item: { action: string }) => actions.has(item.action))).toEqual([]);
    expect(
      (await system.api.request('/api/admin/waitlist/audit?kind=reads', { token: await system.staff.sign('viewer') }))
        .status,
    ).toBe(403);
    expect((await system.api.request('/api/admin/waitlist/audit?kind=everything', { token: admin })).status).toBe(400);
  });
});
