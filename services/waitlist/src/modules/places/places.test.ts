import { randomUUID } from 'node:crypto';
import { sampleValue, scrape } from '@mmdm/tests/support';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../lib/tokens.js';
import { bucketsOffTheLine, buildEntry, buildToken, freshLine } from '../../testing/waitlist-factories.js';
import { startSink, startWorker, uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

const MAX_CREDITS = 3;

const system = useWaitlistApi({ env: { REFERRAL_MAX_CREDITS: String(MAX_CREDITS) } });
let admin: string;
beforeAll(async () => {
  admin = await system.staff.sign('admin');
});

interface Person {
  id: string;
  email: string;
  token: string;
}

/** A pending sign-up holding a confirmation link, as the mail would give it (no worker needed). */
async function signedUp(email: string, referralSource: string | null = null): Promise<Person> {
  const entry = await buildEntry(system.context.pool, { email, referralSource });
  const token = await buildToken(system.context.pool, entry.id);
  return { id: entry.id, email, token: token.raw };
}

async function confirm(person: Person) {
  const answer = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: person.token } });
  expect(answer.status).toBe(200);
  return answer.body.data as { referralCode: string; position: number; referralCount: number; boost: number };
}

async function statusOf(person: Person) {
  const answer = await system.api.request(`/waitlist/status?token=${person.token}`);
  expect(answer.status).toBe(200);
  return answer.body.data as {
    position: number | null;
    referralCount: number;
    status: string;
    lineLength: number;
    behind: number | null;
    friendsPending: number;
    friendsHeld: number;
  };
}

describe('the place rule', () => {
  it('orders by confirmation and moves a referrer up exactly the boost per confirmed friend', async () => {
    await freshLine(system.context.pool);
    await system.context.pool.query('update waitlist.place_rule set boost = 2');
    try {
      const people: Person[] = [];
      for (let i = 1; i <= 4; i++) people.push(await signedUp(uniqueEmail(`line${i}`)));
      const codes: string[] = [];
      for (const person of people) codes.push((await confirm(person)).referralCode);
      expect((await statusOf(people[3]!)).position).toBe(4);

      // A friend of #4 signs up: nothing moves until the friend confirms.
      const friend = await signedUp(uniqueEmail('friend'), codes[3]!);
      expect((await statusOf(people[3]!)).referralCount).toBe(0);
      const confirmed = await confirm(friend);
      expect(confirmed.boost).toBe(2);
      // #4 moves exactly 2 places up, past #2 and #3 (the credit's half step puts it just ahead of #2).
      expect(await statusOf(people[3]!)).toMatchObject({ position: 2, referralCount: 1 });
      expect((await statusOf(people[0]!)).position).toBe(1);
      expect((await statusOf(people[1]!)).position).toBe(3);
      expect((await statusOf(people[2]!)).position).toBe(4);
      expect(confirmed.position).toBe(5);
      const credits = await system.context.pool.query(
        'select state, reason from waitlist.referral_credits where referred_id = $1',
        [friend.id],
      );
      expect(credits.rows).toEqual([{ state: 'granted', reason: 'confirmed' }]);
    } finally {
      await system.context.pool.query('update waitlist.place_rule set boost = 10');
    }
  });

  it('with the default boost of 10, a first credit moves someone exactly 10 places up in a dense line', async () => {
    await freshLine(system.context.pool);
    const people: Person[] = [];
    for (let i = 1; i <= 13; i++) people.push(await signedUp(uniqueEmail(`dense${i}`)));
    const codes: string[] = [];
    for (const person of people) codes.push((await confirm(person)).referralCode);
    const friend = await signedUp(uniqueEmail('dfriend'), codes[12]!);
    expect((await confirm(friend)).boost).toBe(10);
    // Place 13 passes exactly ten people (places 3 to 12), not nine: the one confirmed ten places ahead is passed too.
    expect(await statusOf(people[12]!)).toMatchObject({ position: 3, referralCount: 1 });
    expect((await statusOf(people[2]!)).position).toBe(4);
    expect((await statusOf(people[1]!)).position).toBe(2);
  });

  it('between two credited people of the same standing, the one who confirmed first goes ahead', async () => {
    await freshLine(system.context.pool);
    await system.context.pool.query('update waitlist.place_rule set boost = 1');
    try {
      const people: Person[] = [];
      for (let i = 1; i <= 4; i++) people.push(await signedUp(uniqueEmail(`tie${i}`)));
      const codes: string[] = [];
      for (const person of people) codes.push((await confirm(person)).referralCode);
      // #3 with one credit and #4 with two both stand where #2 stood, one step ahead of it.
      await confirm(await signedUp(uniqueEmail('tief1'), codes[2]!));
      await confirm(await signedUp(uniqueEmail('tief2'), codes[3]!));
      await confirm(await signedUp(uniqueEmail('tief3'), codes[3]!));
      const places = await Promise.all(people.map(async (person) => (await statusOf(person)).position));
      expect(places).toEqual([1, 4, 2, 3]);
    } finally {
      await system.context.pool.query('update waitlist.place_rule set boost = 10');
    }
  });

  it('refuses a self-referral through an alias (case, +tag, Gmail dots and googlemail)', async () => {
    const local = `ann.smith${randomUUID().slice(0, 6)}`;
    const owner = await signedUp(`${local}@gmail.com`);
    const { referralCode } = await confirm(owner);
    const alias = await signedUp(`${local.replace('.', '').toUpperCase()}+again@googlemail.com`, referralCode);
    await confirm(alias);
    expect((await statusOf(owner)).referralCount).toBe(0);
    const { rows } = await system.context.pool.query(
      'select state, reason from waitlist.referral_credits where referred_id = $1',
      [alias.id],
    );
    expect(rows).toEqual([{ state: 'refused', reason: 'self_referral' }]);
  });

  it('shows the whole picture: the line, who joined after, friends credited, not yet confirmed, and held', async () => {
    await freshLine(system.context.pool);
    const people: Person[] = [];
    for (let i = 1; i <= 3; i++) people.push(await signedUp(uniqueEmail(`picture${i}`)));
    const codes: string[] = [];
    for (const person of people) codes.push((await confirm(person)).referralCode);
    expect(await statusOf(people[0]!)).toMatchObject({ position: 1, lineLength: 3, behind: 2 });

    // Of #1's friends one has not confirmed yet, one confirms (credited), and one, an alias of the other, is held.
    const local = `pal${randomUUID().slice(0, 6)}`;
    await signedUp(uniqueEmail('waiting'), codes[0]!);
    await confirm(await signedUp(`${local}1@example.com`, codes[0]!));
    await confirm(await signedUp(`${local}2@example.com`, codes[0]!));
    expect(await statusOf(people[0]!)).toMatchObject({
      position: 1,
      lineLength: 5,
      behind: 4,
      referralCount: 1,
      friendsPending: 1,
      friendsHeld: 1,
    });
    // Someone else's friends are not theirs.
    expect(await statusOf(people[1]!)).toMatchObject({ friendsPending: 0, friendsHeld: 0, referralCount: 0 });
  });

  it('keeps an unknown code as a source and credits nobody', async () => {
    const person = await signedUp(uniqueEmail('unknown'), 'NOSUCHCODE');
    await confirm(person);
    const { rows } = await system.context.pool.query(
      `select e.referral_source, e.referrer_id, (select count(*)::int from waitlist.referral_credits where referred_id = e.id) as credits
         from waitlist.entries e where id = $1`,
      [person.id],
    );
    expect(rows[0]).toEqual({ referral_source: 'NOSUCHCODE', referrer_id: null, credits: 0 });
  });

  it(`credits at most REFERRAL_MAX_CREDITS (${MAX_CREDITS}) and records the rest as refused`, async () => {
    const referrer = await signedUp(uniqueEmail('popular'));
    const { referralCode } = await confirm(referrer);
    const friends: Person[] = [];
    for (let i = 0; i <= MAX_CREDITS; i++) friends.push(await signedUp(uniqueEmail(`f${i}`), referralCode));
    for (const friend of friends) await confirm(friend);
    expect((await statusOf(referrer)).referralCount).toBe(MAX_CREDITS);
    const { rows } = await system.context.pool.query(
      'select reason from waitlist.referral_credits where referred_id = $1',
      [friends.at(-1)!.id],
    );
    expect(rows).toEqual([{ reason: 'cap_reached' }]);
  });

  it('takes the credit back when staff erase the referred entry, and audits it', async () => {
    await freshLine(system.context.pool);
    const first = await signedUp(uniqueEmail('first'));
    const referrer = await signedUp(uniqueEmail('referrer'));
    await confirm(first);
    const { referralCode } = await confirm(referrer);
    const friend = await signedUp(uniqueEmail('erased'), referralCode);
    await confirm(friend);
    expect(await statusOf(referrer)).toMatchObject({ position: 1, referralCount: 1 });

    const erased = await system.api.request(`/api/admin/waitlist/entries/${friend.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(erased.status).toBe(204);
    expect(await statusOf(referrer)).toMatchObject({ position: 2, referralCount: 0 });
    const audit = await system.context.pool.query(
      `select target, details from waitlist.audit_log where action = 'credit.revoke' and target = $1`,
      [referrer.id],
    );
    expect(audit.rows).toEqual([{ target: referrer.id, details: { reason: 'referred_erased' } }]);
  });

  it('keeps places unique and gap-free when 50 people confirm at once', async () => {
    await freshLine(system.context.pool);
    const people = await Promise.all(Array.from({ length: 50 }, (_, i) => signedUp(uniqueEmail(`crowd${i}`))));
    const answers = await Promise.all(
      people.map((person) =>
        system.api.request('/waitlist/confirm', { method: 'POST', body: { token: person.token } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(people.map(() => 200));
    const places = await Promise.all(people.map(async (person) => (await statusOf(person)).position));
    expect([...places].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('invitation waves and the line', () => {
  /** Every holder's place by the staff list (the service's own query), best first. */
  async function lineByPlace(): Promise<{ id: number; position: number }[]> {
    const answer = await system.api.request('/api/admin/waitlist/entries?order=place&limit=100', { token: admin });
    expect(answer.status).toBe(200);
    return answer.body.items as { id: number; position: number }[];
  }

  /** The bucket counts the place reads sum, against a count of the holders themselves. */
  async function bucketsMatchTheLine(): Promise<void> {
    expect(await bucketsOffTheLine(system.context.pool)).toEqual([]);
  }

  it('a wave keeps every remaining place unique and gap-free, across buckets and with a city', async () => {
    await freshLine(system.context.pool);
    const created = await system.api.request('/api/admin/waitlist/cities', {
      method: 'POST',
      token: admin,
      body: { name: `Porto ${randomUUID().slice(0, 6)}` },
    });
    const cityId = created.body.id as number;
    const people: Person[] = [];
    // Three groups far apart in confirmation order, so the line spans several place buckets (1,024 keys each).
    for (let group = 0; group < 3; group++) {
      for (let i = 0; i < 8; i++) {
        const person = await signedUp(uniqueEmail(`s${group}p${i}`));
        const { referralCode } = await confirm(person);
        people.push(person);
        if (group === 2 && i === 7) await confirm(await signedUp(uniqueEmail('sfriend'), referralCode));
        if (i % 3 === 0)
          await system.api.request('/waitlist/city', { method: 'POST', body: { token: person.token, cityId } });
      }
      await system.context.pool.query(`select setval('waitlist.queue_seq', nextval('waitlist.queue_seq') + 700)`);
    }
    const holders = (await lineByPlace()).length;
    expect(holders).toBe(25);
    const { rows: spread } = await system.context.pool.query<{ buckets: number }>(
      `select count(distinct waitlist.place_bucket(place_key))::int as buckets from waitlist.entries
        where status = 'confirmed'`,
    );
    expect(spread[0]!.buckets).toBeGreaterThanOrEqual(3);

    const first = await system.api.request('/api/admin/waitlist/invitations', {
      method: 'POST',
      token: admin,
      body: { count: 10 },
    });
    expect(first.body.invited).toBe(10);
    let line = await lineByPlace();
    expect(line.map((item) => item.position)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    await bucketsMatchTheLine();

    const inCity = await system.api.request('/api/admin/waitlist/invitations', {
      method: 'POST',
      token: admin,
      body: { count: 2, city: cityId },
    });
    expect(inCity.body.invited).toBe(2);
    line = await lineByPlace();
    expect(line.map((item) => item.position)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    await bucketsMatchTheLine();
    // Each person's own page agrees with the staff list.
    for (const person of people) {
      const status = await statusOf(person);
      const listed = line.find((item) => String(item.id) === person.id);
      expect(status.position).toBe(listed ? listed.position : null);
    }
    const { rows: mails } = await system.context.pool.query<{ invited: number; mails: number }>(
      `select count(distinct e.id)::int as invited, count(o.id)::int as mails
         from waitlist.entries e left join waitlist.outbox o on o.entry_id = e.id and o.kind = 'invitation'
        where e.wave_id in ($1, $2)`,
      [first.body.waveId, inCity.body.waveId],
    );
    expect(mails[0]).toEqual({ invited: 12, mails: 12 });

    // The wave left the trigger on for everyone else: a later confirmation is counted as before.
    const late = await signedUp(uniqueEmail('late'));
    expect((await confirm(late)).position).toBe(14);
    await bucketsMatchTheLine();
  });
});

describe('public answers tell nothing about who is on the list', () => {
  it.each([
    ['GET', '/waitlist/status?token='],
    ['GET', '/waitlist/invitation?token='],
  ])('%s %s answers an unknown token exactly like a foreign-purpose one', async (method, path) => {
    const unknown = await system.api.request(`${path}${issueToken().raw}`, { method });
    const person = await signedUp(uniqueEmail('foreign'));
    const other = await system.api.request(`${path}${person.token}`, { method });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('token_invalid');
    // A confirm link is a valid status link; an invitation link it is not: same 404 as a token nobody holds.
    if (path.includes('invitation')) expect(other.text).toBe(unknown.text);
  });

  it('answers a malformed token with 400, never 5xx', async () => {
    const answer = await system.api.request('/waitlist/status?token=short');
    expect(answer.status).toBe(400);
    const city = await system.api.request('/waitlist/city', {
      method: 'POST',
      body: { token: issueToken().raw, cityId: 'x' },
    });
    expect(city.status).toBe(400);
  });

  it('reading the status changes nothing: a pending person stays pending and can still confirm', async () => {
    const person = await signedUp(uniqueEmail('reader'));
    expect(await statusOf(person)).toMatchObject({ status: 'pending', position: null });
    await confirm(person);
  });
});

describe('cities and waves', () => {
  it('invites the best places of a city once each, mails each once, and admits on accept', async () => {
    const sink = await startSink();
    const worker = await startWorker(system.context, { smtpUrl: sink.url });
    try {
      await freshLine(system.context.pool);
      const created = await system.api.request('/api/admin/waitlist/cities', {
        method: 'POST',
        token: admin,
        body: { name: `Lisbon ${randomUUID().slice(0, 6)}` },
      });
      expect(created.status).toBe(201);
      const cityId = created.body.id as number;
      const people: Person[] = [];
      for (let i = 0; i < 3; i++) people.push(await signedUp(uniqueEmail(`wave${i}`)));
      for (const person of people) await confirm(person);
      // Everyone gets one welcome mail carrying their way back to their place.
      await sink.waitFor(() => people.every((person) => sink.to(person.email).length === 1));
      expect(sink.to(people[0]!.email)[0]!.parsed.text).toContain('/confirm?token=');
      for (const person of people.slice(1)) {
        const chosen = await system.api.request('/waitlist/city', {
          method: 'POST',
          body: { token: person.token, cityId },
        });
        expect(chosen.body.data.city.id).toBe(cityId);
      }

      const preview = await system.api.request(`/api/admin/waitlist/invitations/preview?count=1&city=${cityId}`, {
        token: admin,
      });
      expect(preview.body).toEqual({ matching: 1, holders: 2 });
      const metricsBefore = await scrape(`${system.api.url}/metrics`);
      const wave = await system.api.request('/api/admin/waitlist/invitations', {
        method: 'POST',
        token: admin,
        body: { count: 1, city: cityId },
      });
      expect(wave.status).toBe(202);
      expect(wave.body.invited).toBe(1);
      // Best place in the city: the earlier of the two who chose it.
      expect((await statusOf(people[1]!)).status).toBe('invited');
      expect((await statusOf(people[2]!)).position).toBe(2);

      await sink.waitFor(() => sink.to(people[1]!.email).length === 2);
      const invitation = sink.to(people[1]!.email).find((m) => m.parsed.text?.includes('/invitation?token='))!;
      const token = /\/invitation\?token=([A-Za-z0-9_-]{43})/.exec(invitation.parsed.text ?? '')![1]!;
      expect((await system.api.request(`/waitlist/invitation?token=${token}`)).body.data.status).toBe('invited');
      const accepted = await system.api.request('/waitlist/invitation/accept', { method: 'POST', body: { token } });
      expect(accepted.body.data.status).toBe('admitted');
      const again = await system.api.request('/waitlist/invitation/accept', { method: 'POST', body: { token } });
      expect(again.body.data.status).toBe('admitted');
      // The operator's view: one more invited, one more admitted (the second accept counts nothing).
      const metricsAfter = await scrape(`${system.api.url}/metrics`);
      for (const name of ['mmdm_invitations_total', 'mmdm_invitations_admitted_total'])
        expect(sampleValue(metricsAfter, name), name).toBe((sampleValue(metricsBefore, name) ?? 0) + 1);

      const waves = await system.api.request('/api/admin/waitlist/invitations', { token: admin });
      expect(waves.body.items[0]).toMatchObject({ requested: 1, invited: 1, admitted: 1, city: { id: cityId } });
      const audit = await system.context.pool.query(
        `select count(*)::int as n from waitlist.audit_log where action = 'wave.invite'`,
      );
      expect(audit.rows[0].n).toBeGreaterThanOrEqual(1);
      const outbox = await system.context.pool.query(
        `select count(*)::int as n from waitlist.outbox where entry_id = $1 and kind = 'invitation'`,
        [people[1]!.id],
      );
      expect(outbox.rows[0].n).toBe(1);

      const byPlace = await system.api.request('/api/admin/waitlist/entries?order=place&limit=5', { token: admin });
      expect(byPlace.status).toBe(200);
      expect(byPlace.body.items.map((item: { position: number }) => item.position)).toEqual([1, 2]);
      const stats = await system.api.request('/api/admin/waitlist/launch-stats', { token: admin });
      expect(stats.body.cities.find((row: { city: { id: number } | null }) => row.city?.id === cityId)).toMatchObject({
        confirmed: 1,
        admitted: 1,
      });
    } finally {
      await worker.close();
      await sink.close();
    }
  }, 30_000);
});
