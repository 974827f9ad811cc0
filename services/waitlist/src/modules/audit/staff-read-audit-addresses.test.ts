import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEntry, buildReferralCredit } from '../../testing/waitlist-factories.js';
import { useWaitlistApi } from '../../testing/waitlist-harness.js';

// The Users list is not the only answer that shows addresses: the dashboard's recent activity, the review queue and
// the launch figures' top referrers do too, and the privacy policy says staff access to personal data is logged.
const system = useWaitlistApi();
let tag: string;
let flagged: string;
let referrer: string;
let referred: string;
beforeAll(async () => {
  tag = `a${randomBytes(4).toString('hex')}`;
  const pool = system.context.pool;
  flagged = (await buildEntry(pool, { email: `${tag}-flagged@example.com` })).id;
  await pool.query(
    `update waitlist.entries set review_state = 'flagged', review_reasons = '{disposable}' where id = $1`,
    [flagged],
  );
  referrer = (await buildEntry(pool, { email: `${tag}-referrer@example.com`, status: 'confirmed', credits: 2 })).id;
  referred = (await buildEntry(pool, { email: `${tag}-referred@example.com`, status: 'confirmed' })).id;
  await buildReferralCredit(pool, {
    referrerId: referrer,
    referredId: referred,
    state: 'held',
    reason: 'same_network',
  });
});

interface AuditRow {
  action: string;
  actor_role: string;
  ip: string | null;
  details: { people: number; entries: string[] };
}

async function auditOf(sub: string): Promise<AuditRow[]> {
  const { rows } = await system.context.pool.query<AuditRow>(
    'select action, actor_role, ip, details from waitlist.audit_log where actor_sub = $1 order by id',
    [sub],
  );
  return rows;
}

describe('staff reads that show addresses outside the Users list are audited', () => {
  it('the review queue: one row per read naming the entries whose addresses it showed, never an address', async () => {
    const sub = `reviewer-${tag}`;
    const token = await system.staff.sign('viewer', { sub });
    const queue = await system.api.request('/api/admin/waitlist/review', { token });
    expect(queue.status).toBe(200);
    expect(JSON.stringify(queue.body)).toContain(`${tag}-flagged@example.com`);
    const rows = await auditOf(sub);
    expect(rows).toEqual([
      {
        action: 'review_queue.read',
        actor_role: 'viewer',
        ip: expect.any(String),
        details: { people: 3, entries: expect.arrayContaining([flagged, referred, referrer]) },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('@example.com');
  });

  it('the dashboard: its recent activity is audited with the entries it showed', async () => {
    const sub = `dashboard-${tag}`;
    const token = await system.staff.sign('viewer', { sub });
    const stats = await system.api.request('/api/admin/waitlist/stats', { token });
    expect(stats.status).toBe(200);
    expect(stats.body.recent.length).toBeGreaterThan(0);
    expect(stats.body.recent[0]).not.toHaveProperty('id');
    const rows = await auditOf(sub);
    expect(rows).toMatchObject([{ action: 'stats.read', actor_role: 'viewer' }]);
    expect(rows[0]!.details.entries).toEqual(expect.arrayContaining([flagged, referrer, referred]));
    expect(rows[0]!.details.people).toBe(rows[0]!.details.entries.length);
    expect(JSON.stringify(rows)).not.toContain('@example.com');
  });

  it('the dashboard refreshing itself: the same entries again within ten minutes write no second row', async () => {
    const sub = `refresh-${tag}`;
    const token = await system.staff.sign('viewer', { sub });
    const read = async () => {
      const stats = await system.api.request('/api/admin/waitlist/stats', { token });
      expect(stats.status).toBe(200);
      return stats.body as { recent: { email: string }[] };
    };
    await read();
    await read();
    const first = await auditOf(sub);
    expect(first).toMatchObject([{ action: 'stats.read' }]);

    // A new sign-up shows in the recent activity: a new set of entries seen, a new row at once.
    const newcomer = (await buildEntry(system.context.pool, { email: `${tag}-newcomer@example.com` })).id;
    expect(JSON.stringify((await read()).recent)).toContain(`${tag}-newcomer@example.com`);
    const second = await auditOf(sub);
    expect(second).toHaveLength(2);
    expect(second[1]!.details.entries).toContain(newcomer);
    expect(first[0]!.details.entries).not.toContain(newcomer);

    // Ten minutes on, the same entries seen again are a new read.
    await system.context.pool.query(
      `update waitlist.audit_log set at = at - interval '11 minutes' where actor_sub = $1`,
      [sub],
    );
    await read();
    expect(await auditOf(sub)).toHaveLength(3);
  });

  it('the launch figures: their top referrers are audited by entry', async () => {
    const sub = `launch-${tag}`;
    const token = await system.staff.sign('viewer', { sub });
    const stats = await system.api.request('/api/admin/waitlist/launch-stats', { token });
    expect(stats.status).toBe(200);
    expect(stats.body.topReferrers).toMatchObject([{ email: `${tag}-referrer@example.com` }]);
    expect(await auditOf(sub)).toEqual([
      {
        action: 'launch_stats.read',
        actor_role: 'viewer',
        ip: expect.any(String),
        details: { people: 1, entries: [referrer] },
      },
    ]);
  });

  it('admins find these reads in the trail of reads (kind=reads), not among the changes', async () => {
    const admin = await system.staff.sign('admin');
    const reads = await system.api.request('/api/admin/waitlist/audit?kind=reads&limit=100', { token: admin });
    expect(reads.status).toBe(200);
    const actions = new Set(reads.body.items.map((item: { action: string }) => item.action));
    expect(actions).toEqual(new Set(['review_queue.read', 'stats.read', 'launch_stats.read']));
  });
});
