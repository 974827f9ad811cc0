import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEntry } from '../../testing/waitlist-factories.js';
import { uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';
import { staffListFixtures, utcDay } from '../../testing/staff-list-fixtures.js';
import { rollUpClosedDays, rollUpOpenMinutes } from './stats.repository.js';

const system = useWaitlistApi();
let admin: string;
let viewer: string;
beforeAll(async () => {
  admin = await system.staff.sign('admin');
  viewer = await system.staff.sign('viewer');
});

const { seed, backdated } = staffListFixtures(system);

describe('dashboard figures', () => {
  it("stats count every sign-up, today's, and confirmations, with the latest activity first", async () => {
    const before = (await system.api.request('/api/admin/waitlist/stats', { token: viewer })).body;
    const { emails } = await seed(2);
    await backdated(3);
    const confirmToken = await system.context.pool.query(
      `update waitlist.entries set status = 'confirmed', confirmed_at = now() where email_normalized = $1`,
      [emails[0]],
    );
    expect(confirmToken.rowCount).toBe(1);

    const after = (await system.api.request('/api/admin/waitlist/stats', { token: viewer })).body;
    expect(after.total - before.total).toBe(3);
    expect(after.today - before.today).toBe(2);
    expect(after.confirmed - before.confirmed).toBe(1);
    expect(after.recent[0]).toMatchObject({ type: 'confirmation', email: emails[0] });
    expect(after.recent.slice(0, 3)).toContainEqual(expect.objectContaining({ type: 'signup', email: emails[1] }));
  });

  it('stay right after the closed days are rolled up, and after an erasure', async () => {
    const oldId = await backdated(2, { source: 'ROLLUPSRC' });
    await backdated(2, { source: 'ROLLUPSRC', confirmed: true });
    const live = (await system.api.request('/api/admin/waitlist/stats', { token: viewer })).body;
    const liveAnalytics = (
      await system.api.request(`/api/admin/waitlist/analytics?from=${utcDay(5)}&to=${utcDay()}`, { token: viewer })
    ).body;

    await rollUpClosedDays(system.context.pool);
    const rolled = (await system.api.request('/api/admin/waitlist/stats', { token: viewer })).body;
    const rolledAnalytics = (
      await system.api.request(`/api/admin/waitlist/analytics?from=${utcDay(5)}&to=${utcDay()}`, { token: viewer })
    ).body;
    // The mail lanes' ages are read from the clock (a second may have passed): the figures are what must stay.
    expect({ ...rolled, recent: undefined, mailLanes: undefined }).toEqual({
      ...live,
      recent: undefined,
      mailLanes: undefined,
    });
    expect(rolledAnalytics).toEqual(liveAnalytics);
    const stored = await system.context.pool.query('select 1 from waitlist.daily_stats where day = $1', [utcDay(2)]);
    expect(stored.rowCount).toBe(1);

    expect(
      (await system.api.request(`/api/admin/waitlist/entries/${oldId}`, { method: 'DELETE', token: admin })).status,
    ).toBe(204);
    const erased = (await system.api.request('/api/admin/waitlist/stats', { token: viewer })).body;
    expect(erased.total).toBe(rolled.total - 1);
    const afterErasure = (
      await system.api.request(`/api/admin/waitlist/analytics?from=${utcDay(2)}&to=${utcDay(2)}`, { token: viewer })
    ).body;
    const day = liveAnalytics.days.find((d: { date: string }) => d.date === utcDay(2));
    expect(afterErasure.days[0].signups).toBe(day.signups - 1);
  });

  it("stay right once the open day's minutes are rolled up, and after an erasure from a rolled minute", async () => {
    const source = `MIN${randomBytes(3).toString('hex')}`;
    // Two minutes ago: a closed minute the roll-up covers (a minute still open is counted live).
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    const rows = [];
    for (let i = 0; i < 2; i++) {
      const entry = { email: uniqueEmail('minute'), referralSource: source, status: 'confirmed' as const };
      rows.push(
        await buildEntry(system.context.pool, { ...entry, createdAt: twoMinutesAgo, confirmedAt: twoMinutesAgo }),
      );
    }
    const period = `from=${utcDay(3)}&to=${utcDay()}`;
    const live = (await system.api.request('/api/admin/waitlist/stats', { token: viewer })).body;
    const liveAnalytics = (await system.api.request(`/api/admin/waitlist/analytics?${period}`, { token: viewer })).body;

    await rollUpClosedDays(system.context.pool);
    await rollUpOpenMinutes(system.context.pool);
    const rolledMinute = await system.context.pool.query(
      `select signups from waitlist.minute_stats
        where minute = date_trunc('minute', (select created_at from waitlist.entries where id = $1) at time zone 'UTC')
                       at time zone 'UTC'`,
      [rows[0]!.id],
    );
    expect(rolledMinute.rows[0]?.signups).toBeGreaterThanOrEqual(2);
    const rolled = (await system.api.request('/api/admin/waitlist/stats', { token: viewer })).body;
    const rolledAnalytics = (await system.api.request(`/api/admin/waitlist/analytics?${period}`, { token: viewer }))
      .body;
    // The mail lanes' ages are read from the clock (a second may have passed): the figures are what must stay.
    expect({ ...rolled, recent: undefined, mailLanes: undefined }).toEqual({
      ...live,
      recent: undefined,
      mailLanes: undefined,
    });
    expect(rolledAnalytics).toEqual(liveAnalytics);
    expect(rolledAnalytics.topReferralSources).toContainEqual({ source, count: 2 });

    expect(
      (await system.api.request(`/api/admin/waitlist/entries/${rows[0]!.id}`, { method: 'DELETE', token: admin }))
        .status,
    ).toBe(204);
    const erased = (await system.api.request('/api/admin/waitlist/stats', { token: viewer })).body;
    expect(erased.total).toBe(rolled.total - 1);
    expect(erased.confirmed).toBe(rolled.confirmed - 1);
    const erasedAnalytics = (await system.api.request(`/api/admin/waitlist/analytics?${period}`, { token: viewer }))
      .body;
    expect(erasedAnalytics.topReferralSources).toContainEqual({ source, count: 1 });
    // Rolling up again changes nothing: the counts of the rolled minute already dropped with the erasure.
    await rollUpOpenMinutes(system.context.pool);
    expect((await system.api.request('/api/admin/waitlist/stats', { token: viewer })).body.total).toBe(erased.total);
  });

  it('analytics give per-day counts for the period, the confirmation rate and the top referral sources', async () => {
    const source = `SRC${randomBytes(3).toString('hex')}`;
    await seed(3, { referralSource: source });
    await backdated(1, { source, confirmed: true });
    // Yesterday was rolled up by the test before: the next roll-up counts the two latest closed days again.
    await rollUpClosedDays(system.context.pool);
    const answer = await system.api.request(`/api/admin/waitlist/analytics?from=${utcDay(6)}&to=${utcDay()}`, {
      token: viewer,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.days).toHaveLength(7);
    expect(answer.body.days.map((d: { date: string }) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => utcDay(n)));
    const total = answer.body.days.reduce((sum: number, d: { signups: number }) => sum + d.signups, 0);
    const confirmations = answer.body.days.reduce(
      (sum: number, d: { confirmations: number }) => sum + d.confirmations,
      0,
    );
    expect(answer.body.confirmationRate).toBeCloseTo(confirmations / total, 3);
    expect(answer.body.topReferralSources).toContainEqual({ source, count: 4 });
  });

  it.each([
    ['from after to', `from=${utcDay()}&to=${utcDay(1)}`],
    ['more than 366 days', `from=${utcDay(400)}&to=${utcDay()}`],
    ['not a date', 'from=yesterday&to=today'],
    ['missing to', `from=${utcDay()}`],
  ])('analytics refuse a bad period (%s) with a 400', async (_label, query) => {
    const answer = await system.api.request(`/api/admin/waitlist/analytics?${query}`, { token: viewer });
    expect(answer.status).toBe(400);
  });

  it('analytics refuse dates Postgres cannot hold (year 0) with a 400 that names the first day', async () => {
    const answer = await system.api.request('/api/admin/waitlist/analytics?from=0000-01-01&to=0000-12-31', {
      token: viewer,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation_error' });
    expect(answer.body.issues).toContainEqual({ path: 'from', message: 'Use a date from 2000-01-01 on.' });
    expect(answer.body.issues).toContainEqual({ path: 'to', message: 'Use a date from 2000-01-01 on.' });
  });
});
