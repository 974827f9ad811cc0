import type { StaffCity } from '@mmdm/contracts/launch-admin';
import type { Answer } from '@mmdm/tests/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCity, buildEntry, buildToken } from '../../testing/waitlist-factories.js';
import { lockCityOpening } from './city-opening.repository.js';
import {
  eventually,
  startApi,
  startWorker,
  TEST_ADMIN_ADDRESSES,
  uniqueEmail,
  useWaitlistSystem,
  type ApiHarness,
  type WorkerHarness,
} from '../../testing/waitlist-harness.js';

const system = useWaitlistSystem();
let admin: string;
let viewer: string;
beforeAll(async () => {
  admin = await system.staff.sign('admin', { email: 'opener@mmdm.test' });
  viewer = await system.staff.sign('viewer');
});

interface Person {
  id: string;
  token: string;
}

/** A person confirmed through the public confirm call: holding a place, no city yet. */
async function confirmedPerson(label: string, api: ApiHarness = system.api): Promise<Person> {
  const entry = await buildEntry(system.context.pool, { email: uniqueEmail(label) });
  const token = await buildToken(system.context.pool, entry.id);
  const confirmed = await api.request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } });
  expect(confirmed.status).toBe(200);
  return { id: entry.id, token: token.raw };
}

async function choose(person: Person, cityId: number | 'other' | null, api: ApiHarness = system.api) {
  const answer = await api.request('/waitlist/city', { method: 'POST', body: { token: person.token, cityId } });
  expect(answer.status).toBe(200);
}

async function setOpening(cityId: number, body: Record<string, unknown>, token = admin): Promise<Answer> {
  return system.api.request(`/api/admin/waitlist/cities/${cityId}`, { method: 'PATCH', token, body });
}

async function staffCity(cityId: number) {
  const answer = await system.api.request('/api/admin/waitlist/cities', { token: viewer });
  expect(answer.status).toBe(200);
  return (answer.body.items as StaffCity[]).find((city) => city.id === cityId)!;
}

async function publicCity(cityId: number) {
  const answer = await system.api.request('/waitlist/cities');
  expect(answer.status).toBe(200);
  return (answer.body.data.cities as { id: number; name: string; progress?: unknown }[]).find(
    (city) => city.id === cityId,
  )!;
}

async function wavesOf(cityId: number) {
  const { rows } = await system.context.pool.query<{ id: string; invited: number; requested: number; by: string }>(
    `select id::text, invited, requested, created_by_sub as by from waitlist.invitation_waves where city_id = $1`,
    [cityId],
  );
  return rows;
}

async function invitedIn(cityId: number): Promise<{ people: number; mails: number }> {
  const { rows } = await system.context.pool.query<{ people: number; mails: number }>(
    `select count(distinct e.id)::int as people, count(o.id)::int as mails
       from waitlist.entries e left join waitlist.outbox o on o.entry_id = e.id and o.kind = 'invitation'
      where e.city_id = $1 and e.status = 'invited'`,
    [cityId],
  );
  return rows[0]!;
}

async function auditOf(cityId: number, action: string) {
  const { rows } = await system.context.pool.query<{
    actorSub: string;
    actorEmail: string | null;
    details: Record<string, unknown>;
  }>(
    `select actor_sub as "actorSub", actor_email as "actorEmail", details from waitlist.audit_log
      where action = $1 and target = $2 order by id`,
    [action, String(cityId)],
  );
  return rows;
}

/** What waitlist.city_counts keeps, beside a count of the entries themselves. */
async function countKeptAndCounted(cityId: number): Promise<[number, number]> {
  const { rows } = await system.context.pool.query<{ kept: number; counted: number }>(
    `select coalesce((select confirmed from waitlist.city_counts where city_id = $1), 0) as kept,
            (select count(*)::int from waitlist.entries where city_id = $1
               and status in ('confirmed', 'invited', 'admitted') and review_state is distinct from 'rejected') as counted`,
    [cityId],
  );
  return [rows[0]!.kept, rows[0]!.counted];
}

describe("a city's opening settings (PATCH /api/admin/waitlist/cities/{id})", () => {
  it('are set by an admin, audited, and shown in the staff list with the opening state', async () => {
    const city = await buildCity(system.context.pool);
    const before = await staffCity(city.id);
    expect(before).toMatchObject({
      openingThreshold: null,
      firstWaveSize: 100,
      openMode: 'approve',
      confirmed: 0,
      opening: { state: 'none', openedAt: null },
    });

    const answer = await setOpening(city.id, { openingThreshold: 2000, firstWaveSize: 500, openMode: 'approve' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: city.id,
      openingThreshold: 2000,
      firstWaveSize: 500,
      openMode: 'approve',
      opening: { state: 'waiting' },
    });
    expect((await staffCity(city.id)).opening.state).toBe('waiting');
    const audit = await auditOf(city.id, 'city.opening_set');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: 'opener@mmdm.test',
      details: { openingThreshold: 2000, firstWaveSize: 500, openMode: 'approve' },
    });
  });

  it('refuse what is not a setting (400), an unknown city (404) and a viewer (403)', async () => {
    const city = await buildCity(system.context.pool);
    const good = { openingThreshold: 10, firstWaveSize: 5, openMode: 'auto' };
    for (const bad of [
      { ...good, openingThreshold: 0 },
      { ...good, openingThreshold: -3 },
      { ...good, openingThreshold: 2.5 },
      { ...good, openingThreshold: '10' },
      { ...good, firstWaveSize: -1 },
      { ...good, firstWaveSize: 50_001 },
      { ...good, openMode: 'sometimes' },
      { openingThreshold: 10, openMode: 'auto' },
      { ...good, extra: true },
    ]) {
      const answer = await setOpening(city.id, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.code).toBe('validation_error');
    }
    expect((await setOpening(999_999_999, good)).status).toBe(404);
    expect((await setOpening(city.id, good, viewer)).status).toBe(403);
    expect((await staffCity(city.id)).openingThreshold).toBeNull();
  });
});

describe('the count of people in a city', () => {
  it('follows choosing, changing and clearing a city, leaving, rejection and erasure, without a recount', async () => {
    const [lisbon, porto] = [await buildCity(system.context.pool), await buildCity(system.context.pool)];
    const people = [];
    for (let index = 0; index < 4; index += 1) people.push(await confirmedPerson(`count${index}`));
    for (const person of people) await choose(person, lisbon.id);
    expect(await countKeptAndCounted(lisbon.id)).toEqual([4, 4]);

    await choose(people[0]!, porto.id);
    await choose(people[1]!, null);
    expect(await countKeptAndCounted(lisbon.id)).toEqual([2, 2]);
    expect(await countKeptAndCounted(porto.id)).toEqual([1, 1]);

    const pool = system.context.pool;
    await pool.query(`update waitlist.entries set status = 'invited' where id = $1`, [people[2]!.id]);
    expect(await countKeptAndCounted(lisbon.id)).toEqual([2, 2]);
    await pool.query(`update waitlist.entries set status = 'unsubscribed' where id = $1`, [people[2]!.id]);
    await pool.query(`update waitlist.entries set review_state = 'rejected' where id = $1`, [people[3]!.id]);
    expect(await countKeptAndCounted(lisbon.id)).toEqual([0, 0]);
    await pool.query(`delete from waitlist.entries where id = $1`, [people[0]!.id]);
    expect(await countKeptAndCounted(porto.id)).toEqual([0, 0]);
  });
});

describe('GET /waitlist/cities', () => {
  it('gives a city with a threshold its progress, and a city without one none', async () => {
    const [lisbon, porto] = [await buildCity(system.context.pool), await buildCity(system.context.pool)];
    expect(
      (await setOpening(lisbon.id, { openingThreshold: 2000, firstWaveSize: 10, openMode: 'approve' })).status,
    ).toBe(200);
    for (let index = 0; index < 3; index += 1) await choose(await confirmedPerson(`progress${index}`), lisbon.id);
    await choose(await confirmedPerson('progress-porto'), porto.id);

    expect(await publicCity(lisbon.id)).toEqual({
      id: lisbon.id,
      name: lisbon.name,
      progress: { confirmed: 3, threshold: 2000, opened: false },
    });
    expect(await publicCity(porto.id)).toEqual({ id: porto.id, name: porto.name });
  });
});

describe('a city with no threshold', () => {
  it('never opens by itself, however many people choose it', async () => {
    const city = await buildCity(system.context.pool);
    for (let index = 0; index < 5; index += 1) await choose(await confirmedPerson(`never${index}`), city.id);
    const outcomes = await system.worker.worker.opening.checkDue();
    expect(outcomes.has(city.id)).toBe(false);
    expect((await staffCity(city.id)).opening.state).toBe('none');
    expect(await wavesOf(city.id)).toEqual([]);
    const opened = await system.api.request(`/api/admin/waitlist/cities/${city.id}/open`, {
      method: 'POST',
      token: admin,
    });
    expect(opened.status).toBe(409);
    expect(opened.body.code).toBe('city_not_ready');
  });
});

describe('a city in approve mode (the default)', () => {
  it('waits at its threshold, mails the admins once, and opens on the click once', async () => {
    const city = await buildCity(system.context.pool);
    expect((await setOpening(city.id, { openingThreshold: 3, firstWaveSize: 2, openMode: 'approve' })).status).toBe(
      200,
    );
    const people = [];
    for (let index = 0; index < 4; index += 1) people.push(await confirmedPerson(`approve${index}`));
    for (const person of people.slice(0, 2)) await choose(person, city.id);
    expect((await staffCity(city.id)).opening.state).toBe('waiting');

    // Early click: not yet.
    const early = await system.api.request(`/api/admin/waitlist/cities/${city.id}/open`, {
      method: 'POST',
      token: admin,
    });
    expect(early.status).toBe(409);

    await choose(people[2]!, city.id);
    await choose(people[3]!, city.id);
    await system.worker.worker.opening.checkDue();
    const awaiting = await staffCity(city.id);
    expect(awaiting.opening.state).toBe('awaiting_approval');
    expect(awaiting.opening.thresholdReachedAt).not.toBeNull();
    expect(await wavesOf(city.id)).toEqual([]);
    expect(await auditOf(city.id, 'city.threshold_reached')).toEqual([
      expect.objectContaining({ actorSub: 'system', details: expect.objectContaining({ threshold: 3 }) }),
    ]);

    // Every admin gets one mail naming the city, with the dashboard's link.
    const subject = `${city.name} reached its opening threshold`;
    const alerts = () => system.smtp.messages.filter((mail) => mail.parsed.subject === subject);
    await eventually(async () => alerts().length >= TEST_ADMIN_ADDRESSES.length, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      alerts()
        .map((mail) => mail.envelope.to)
        .flat()
        .sort(),
    ).toEqual([...TEST_ADMIN_ADDRESSES].sort());
    expect(alerts()[0]!.parsed.text).toContain('http://mmdm.test/admin');
    expect(alerts()[0]!.parsed.text).toMatch(/has 3 people in line, its opening threshold of 3/);

    // A viewer may not open it; an admin opens it once, with its first wave.
    const byViewer = await system.api.request(`/api/admin/waitlist/cities/${city.id}/open`, {
      method: 'POST',
      token: viewer,
    });
    expect(byViewer.status).toBe(403);
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        system.api.request(`/api/admin/waitlist/cities/${city.id}/open`, { method: 'POST', token: admin }),
      ),
    );
    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect([first!.body.alreadyOpen, second!.body.alreadyOpen].sort()).toEqual([false, true]);
    const opened = first!.body.alreadyOpen ? second! : first!;
    expect(opened.body.invited).toBe(2);
    expect(opened.body.city.opening).toMatchObject({ state: 'open', openedBy: 'opener@mmdm.test' });

    const again = await system.api.request(`/api/admin/waitlist/cities/${city.id}/open`, {
      method: 'POST',
      token: admin,
    });
    expect(again.body).toMatchObject({ alreadyOpen: true, invited: 0 });
    expect(await wavesOf(city.id)).toHaveLength(1);
    expect(await invitedIn(city.id)).toEqual({ people: 2, mails: 2 });
    expect(await auditOf(city.id, 'city.open')).toEqual([
      expect.objectContaining({ actorEmail: 'opener@mmdm.test', details: expect.objectContaining({ invited: 2 }) }),
    ]);
    expect((await publicCity(city.id)).progress).toEqual({ confirmed: 4, threshold: 3, opened: true });
    // No second mail to the admins for the same city.
    expect(alerts()).toHaveLength(TEST_ADMIN_ADDRESSES.length);
  });
});

describe("a city's opening lock", () => {
  it('never holds up a person choosing the city (who could hold an entry the first wave invites)', async () => {
    const city = await buildCity(system.context.pool);
    const person = await confirmedPerson('lock');
    const opener = await system.context.pool.connect();
    try {
      await opener.query('begin');
      expect(await lockCityOpening(opener, city.id)).toBeDefined();
      // The opener holds the city's row; the choice checks the city's key only, and is saved at once.
      const started = Date.now();
      await choose(person, city.id);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await opener.query('rollback');
      opener.release();
    }
    expect(await countKeptAndCounted(city.id)).toEqual([1, 1]);
  });
});

describe('a city in auto mode, under two API replicas and two workers', () => {
  let replica: ApiHarness;
  const workers: WorkerHarness[] = [];
  beforeAll(async () => {
    replica = await startApi(system.context, { staffKeys: system.staff.keys });
    for (let index = 0; index < 2; index += 1)
      workers.push(await startWorker(system.context, { smtpUrl: system.smtp.url, cityOpeningCheckMs: 40 }));
  });
  afterAll(async () => {
    for (const worker of workers) await worker.close();
    await replica?.close();
  });

  it('opens once when racing choices cross its threshold, sending exactly its first wave once', async () => {
    const city = await buildCity(system.context.pool);
    expect((await setOpening(city.id, { openingThreshold: 6, firstWaveSize: 4, openMode: 'auto' })).status).toBe(200);
    const apis = [system.api, replica];
    const people = [];
    for (let index = 0; index < 10; index += 1) people.push(await confirmedPerson(`race${index}`, apis[index % 2]));

    // Ten choices at once through both replicas, while both workers check every 40 ms.
    await Promise.all(people.map((person, index) => choose(person, city.id, apis[index % 2])));
    await eventually(async () => (await staffCity(city.id)).opening.state === 'open');
    // Give every checker a few more rounds to open it again, if it could.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([system.worker.worker.opening.checkDue(), ...workers.map((w) => w.worker.opening.checkDue())]);

    const waves = await wavesOf(city.id);
    expect(waves).toHaveLength(1);
    expect(waves[0]).toMatchObject({ requested: 4, invited: 4, by: 'system' });
    expect(await invitedIn(city.id)).toEqual({ people: 4, mails: 4 });
    expect(await auditOf(city.id, 'city.threshold_reached')).toHaveLength(1);
    const opens = await auditOf(city.id, 'city.open');
    expect(opens).toHaveLength(1);
    expect(opens[0]).toMatchObject({ actorSub: 'system', details: { invited: 4, mode: 'auto' } });
    expect((await staffCity(city.id)).opening).toMatchObject({ state: 'open', openedBy: 'system' });
    // Invited people still count toward the city: its progress does not fall back.
    expect((await publicCity(city.id)).progress).toEqual({ confirmed: 10, threshold: 6, opened: true });
  });
});
