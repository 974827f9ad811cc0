import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildEntry } from '../../testing/waitlist-factories.js';
import { useWaitlistApi } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();

describe('the audit log names people', () => {
  it("records the staff member's address from their token for reads, changes and waves alike", async () => {
    const tag = randomBytes(4).toString('hex');
    const email = `ana-${tag}@staff.example`;
    const sub = `admin-${tag}`;
    const token = await system.staff.sign('admin', { sub, email });

    expect((await system.api.request('/api/admin/waitlist/entries?limit=5', { token })).status).toBe(200);
    const city = await system.api.request('/api/admin/waitlist/cities', {
      method: 'POST',
      token,
      body: { name: `Lisbon ${tag}` },
    });
    expect(city.status).toBe(201);
    await buildEntry(system.context.pool, { email: `in-line-${tag}@example.com`, status: 'confirmed' });
    const wave = await system.api.request('/api/admin/waitlist/invitations', {
      method: 'POST',
      token,
      body: { count: 1 },
    });
    expect(wave.status).toBe(202);

    const audit = await system.api.request('/api/admin/waitlist/audit', { token });
    const mine = (audit.body.items as { actorSub: string; actorEmail: string | null; action: string }[]).filter(
      (item) => item.actorSub === sub,
    );
    expect(mine.map((item) => item.action).sort()).toEqual(['city.create', 'entries.list', 'wave.invite']);
    for (const item of mine) expect(item.actorEmail).toBe(email);
    expect(mine.find((item) => item.action === 'city.create')).toMatchObject({ details: { name: `Lisbon ${tag}` } });

    const waves = await system.api.request('/api/admin/waitlist/invitations', { token });
    expect(waves.body.items[0]).toMatchObject({ createdByEmail: email });
  });

  it('keeps working with a token issued before tokens named the address (no email claim)', async () => {
    const sub = `old-${randomBytes(4).toString('hex')}`;
    const token = await system.staff.sign('admin', { sub });
    expect((await system.api.request('/api/admin/waitlist/entries?limit=5', { token })).status).toBe(200);
    const { rows } = await system.context.pool.query(
      'select actor_email from waitlist.audit_log where actor_sub = $1',
      [sub],
    );
    expect(rows).toEqual([{ actor_email: null }]);
  });
});
