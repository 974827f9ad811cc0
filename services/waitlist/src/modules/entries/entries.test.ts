import { randomBytes } from 'node:crypto';
import { revocationKeys } from '@mmdm/shared/tokens';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCity, buildEntry, buildToken, freshLine } from '../../testing/waitlist-factories.js';
import { staffKeys, useWaitlistApi } from '../../testing/waitlist-harness.js';
import { staffListFixtures, utcDay } from '../../testing/staff-list-fixtures.js';

const system = useWaitlistApi();
let admin: string;
let viewer: string;
beforeAll(async () => {
  admin = await system.staff.sign('admin');
  viewer = await system.staff.sign('viewer');
});

const { seed, backdated } = staffListFixtures(system);

describe('access to staff endpoints', () => {
  const viewerEndpoints: [string, string][] = [
    ['GET', '/api/admin/waitlist/entries'],
    ['GET', '/api/admin/waitlist/stats'],
    ['GET', `/api/admin/waitlist/analytics?from=${utcDay(1)}&to=${utcDay()}`],
  ];
  const adminEndpoints: [string, string][] = [
    ['GET', '/api/admin/waitlist/entries.csv'],
    ['POST', '/api/admin/waitlist/entries/1/resend'],
    ['DELETE', '/api/admin/waitlist/entries/1'],
    ['GET', '/api/admin/waitlist/audit'],
  ];

  it.each([...viewerEndpoints, ...adminEndpoints])(
    '%s %s answers 401 without a token, or with a forged or revoked one',
    async (method, path) => {
      const none = await system.api.request(path, { method });
      expect(none.status).toBe(401);
      expect(none.headers['cache-control']).toBe('no-store');
      const otherKeys = await staffKeys();
      expect((await system.api.request(path, { method, token: await otherKeys.sign('admin') })).status).toBe(401);
      const revoked = await system.staff.sign('admin', { sub: 'revoked-admin' });
      const { jti } = JSON.parse(Buffer.from(revoked.split('.')[1]!, 'base64url').toString()) as { jti: string };
      await system.api.redis.set(revocationKeys.token(system.context.prefix, jti), '1', 'EX', 600);
      expect((await system.api.request(path, { method, token: revoked })).status).toBe(401);
    },
  );

  it.each(adminEndpoints)('%s %s answers 403 to a viewer', async (method, path) => {
    const answer = await system.api.request(path, { method, token: viewer });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden');
  });

  it.each(viewerEndpoints)('%s %s is open to a viewer, and never cached', async (method, path) => {
    const answer = await system.api.request(path, { method, token: viewer });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('entries list', () => {
  it('pages newest first by (created_at, id) without gaps or repeats, and oldest first on request', async () => {
    const { tag, emails } = await seed(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; body: { items: { email: string }[]; nextCursor: string | null } } =
        await system.api.request(`/api/admin/waitlist/entries?q=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`, {
          token: viewer,
        });
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((item) => item.email));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...emails].reverse());

    const asc = await system.api.request(`/api/admin/waitlist/entries?q=${tag}&order=asc&limit=100`, { token: viewer });
    expect(asc.body.items.map((item: { email: string }) => item.email)).toEqual(emails);
    expect(asc.body.items[0]).toMatchObject({
      status: 'pending',
      referralSource: null,
      referralCode: null,
      confirmedAt: null,
    });
    expect(typeof asc.body.items[0].id).toBe('number');
  });

  it('searches by part of the address, case-insensitively, and filters by status', async () => {
    const { tag, emails } = await seed(3);
    await system.context.pool.query(
      `update waitlist.entries set status = 'confirmed', confirmed_at = now() where email_normalized = $1`,
      [emails[1]],
    );
    const upper = await system.api.request(`/api/admin/waitlist/entries?q=${tag.toUpperCase()}-1`, { token: viewer });
    expect(upper.body.items.map((item: { email: string }) => item.email)).toEqual([emails[1]]);
    const confirmed = await system.api.request(`/api/admin/waitlist/entries?q=${tag}&status=confirmed`, {
      token: viewer,
    });
    expect(confirmed.body.items.map((item: { email: string }) => item.email)).toEqual([emails[1]]);
    const pending = await system.api.request(`/api/admin/waitlist/entries?q=${tag}&status=pending`, { token: viewer });
    expect(pending.body.items).toHaveLength(2);
    // LIKE wildcards in the search are taken literally.
    const wildcards = await system.api.request(`/api/admin/waitlist/entries?q=${encodeURIComponent('%_%')}`, {
      token: viewer,
    });
    expect(wildcards.status).toBe(200);
    expect(wildcards.body.items).toHaveLength(0);
  });

  it.each([
    ['the list', '/api/admin/waitlist/entries?q=ab'],
    ['the list (spaces trimmed)', '/api/admin/waitlist/entries?q=%20a%20%20'],
    ['the export', '/api/admin/waitlist/entries.csv?q=ab'],
  ])('refuses a search shorter than 3 characters in %s with a 400 that says so', async (_label, path) => {
    const answer = await system.api.request(path, { token: admin });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Search for at least 3 characters of an address.');
    expect(answer.body.issues).toEqual([{ path: 'q', message: 'Search for at least 3 characters of an address.' }]);
  });

  it.each(['limit=0', 'limit=101', 'status=deleted', 'order=sideways', 'cursor=not-a-cursor', 'q=abc%00def'])(
    'refuses %s with a 400',
    async (query) => {
      const answer = await system.api.request(`/api/admin/waitlist/entries?${query}`, { token: viewer });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
    },
  );

  it.each([
    ['30 February', '2026-02-30 10:00:00Z'],
    ['hour 25', '2026-02-03 25:00:00+00'],
    ['an offset of 99 hours', '2026-02-03 10:00:00+99'],
    ['year 0', '0000-01-01 10:00:00+00'],
  ])(
    'refuses a well-formed cursor holding an impossible timestamp (%s) with a 400 that says so',
    async (_label, at) => {
      const cursor = Buffer.from(JSON.stringify([at, '1'])).toString('base64');
      const answer = await system.api.request(`/api/admin/waitlist/entries?cursor=${encodeURIComponent(cursor)}`, {
        token: viewer,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'validation_error' });
      expect(answer.body.issues).toEqual([
        { path: 'cursor', message: 'The cursor is not one this service handed out.' },
      ]);
    },
  );
});

describe('CSV export', () => {
  it('streams every matching entry as CSV, defuses spreadsheet formulas, and is audited', async () => {
    const { tag, emails } = await seed(3);
    const risky = `-${tag}+cmd@example.com`;
    await system.api.request('/waitlist', { method: 'POST', body: { email: risky } });
    const answer = await system.api.request(`/api/admin/waitlist/entries.csv?q=${tag}`, {
      token: admin,
      headers: { 'x-request-id': 'req-export-1' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const lines = answer.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,email,status,referral_source,referral_code,created_at,confirmed_at,unsubscribed_at,place,city,friends_credited,invited_at,admitted_at',
    );
    expect(lines).toHaveLength(5);
    for (const email of emails) expect(lines.some((line) => line.split(',')[1] === email)).toBe(true);
    expect(lines.some((line) => line.split(',')[1] === `'${risky}`)).toBe(true);

    const audit = await system.api.request('/api/admin/waitlist/audit', { token: admin });
    expect(audit.body.items[0]).toMatchObject({
      action: 'entries.export',
      requestId: 'req-export-1',
      actorRole: 'admin',
      details: { q: tag },
    });
  });

  it("carries each person's place, city, friends credited and invitation times", async () => {
    const tag = randomBytes(4).toString('hex');
    await freshLine(system.context.pool);
    const city = await buildCity(system.context.pool, { name: `Lisbon ${tag}` });
    const first = await buildEntry(system.context.pool, { email: `first-${tag}@example.com` });
    const second = await buildEntry(system.context.pool, { email: `second-${tag}@example.com` });
    for (const entry of [first, second]) {
      const token = await buildToken(system.context.pool, entry.id);
      const confirmed = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } });
      expect(confirmed.status).toBe(200);
    }
    await system.context.pool.query('update waitlist.entries set city_id = $1, credits = 2 where id = $2', [
      city.id,
      second.id,
    ]);
    const invitedAt = new Date('2026-03-01T10:00:00Z');
    const admittedAt = new Date('2026-03-02T11:30:00Z');
    await buildEntry(system.context.pool, { email: `admitted-${tag}@example.com`, status: 'admitted' }).then((entry) =>
      system.context.pool.query('update waitlist.entries set invited_at = $1, admitted_at = $2 where id = $3', [
        invitedAt,
        admittedAt,
        entry.id,
      ]),
    );

    const answer = await system.api.request(`/api/admin/waitlist/entries.csv?q=${tag}`, { token: admin });
    const [header, ...rows] = answer.text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    const byEmail = new Map(rows.map((row) => [row[1], Object.fromEntries(header!.map((name, i) => [name, row[i]]))]));
    expect(byEmail.get(`first-${tag}@example.com`)).toMatchObject({ place: '1', city: '', friends_credited: '0' });
    expect(byEmail.get(`second-${tag}@example.com`)).toMatchObject({
      place: '2',
      city: `Lisbon ${tag}`,
      friends_credited: '2',
      invited_at: '',
    });
    expect(byEmail.get(`admitted-${tag}@example.com`)).toMatchObject({
      place: '',
      invited_at: invitedAt.toISOString(),
      admitted_at: admittedAt.toISOString(),
    });
  });

  it('an export with no match is just the header row', async () => {
    const answer = await system.api.request('/api/admin/waitlist/entries.csv?q=nobody-matches-this', { token: admin });
    expect(answer.text).toBe(
      'id,email,status,referral_source,referral_code,created_at,confirmed_at,unsubscribed_at,place,city,friends_credited,invited_at,admitted_at\r\n',
    );
  });
});

describe('resend and erasure', () => {
  it('resend queues one more confirmation mail for a pending entry and is audited', async () => {
    const { emails } = await seed(1);
    const { rows } = await system.context.pool.query<{ id: string }>(
      'select id from waitlist.entries where email_normalized = $1',
      [emails[0]],
    );
    const id = rows[0]!.id;
    const answer = await system.api.request(`/api/admin/waitlist/entries/${id}/resend`, {
      method: 'POST',
      token: admin,
    });
    expect(answer.status).toBe(202);
    const outbox = await system.context.pool.query<{ n: number }>(
      'select count(*)::int as n from waitlist.outbox where entry_id = $1',
      [id],
    );
    expect(outbox.rows[0]?.n).toBe(2);
    const audit = await system.api.request('/api/admin/waitlist/audit?limit=1', { token: admin });
    expect(audit.body.items[0]).toMatchObject({ action: 'entry.resend', target: id });
  });

  it('resend refuses a confirmed entry (409) and an unknown one (404)', async () => {
    const id = await backdated(0, { confirmed: true });
    expect(
      (await system.api.request(`/api/admin/waitlist/entries/${id}/resend`, { method: 'POST', token: admin })).status,
    ).toBe(409);
    expect(
      (await system.api.request('/api/admin/waitlist/entries/999999999/resend', { method: 'POST', token: admin }))
        .status,
    ).toBe(404);
    expect(
      (await system.api.request('/api/admin/waitlist/entries/abc/resend', { method: 'POST', token: admin })).status,
    ).toBe(400);
  });

  it('delete erases the entry with its tokens and outbox rows, and the audit log keeps only the id', async () => {
    const { emails } = await seed(1);
    const email = emails[0]!;
    const { rows } = await system.context.pool.query<{ id: string }>(
      'select id from waitlist.entries where email_normalized = $1',
      [email],
    );
    const id = rows[0]!.id;
    await buildToken(system.context.pool, id, { expiresAt: null });

    const answer = await system.api.request(`/api/admin/waitlist/entries/${id}`, { method: 'DELETE', token: admin });
    expect(answer.status).toBe(204);
    for (const table of ['entries', 'tokens', 'outbox']) {
      const column = table === 'entries' ? 'id' : 'entry_id';
      const left = await system.context.pool.query<{ n: number }>(
        `select count(*)::int as n from waitlist.${table} where ${column} = $1`,
        [id],
      );
      expect(left.rows[0]?.n, table).toBe(0);
    }
    expect(
      (await system.api.request(`/api/admin/waitlist/entries/${id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(404);
    const audit = await system.api.request('/api/admin/waitlist/audit?limit=5', { token: admin });
    const record = audit.body.items.find((item: { action: string }) => item.action === 'entry.delete');
    expect(record).toMatchObject({ target: id, ip: '127.0.0.1' });
    expect(JSON.stringify(audit.body)).not.toContain(email);
  });

  it('the audit log pages by cursor', async () => {
    const first = await system.api.request('/api/admin/waitlist/audit?limit=1', { token: admin });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await system.api.request(`/api/admin/waitlist/audit?limit=1&cursor=${first.body.nextCursor}`, {
      token: admin,
    });
    expect(second.body.items[0].id).toBeLessThan(first.body.items[0].id);
  });
});
