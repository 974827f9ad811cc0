import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../lib/tokens.js';
import {
  createTestContext,
  staffKeys,
  startApi,
  startSink,
  startWorker,
  type ApiHarness,
  type StaffKeys,
  type TestContext,
} from '../../testing/waitlist-harness.js';

let context: TestContext;
let api: ApiHarness;
let staff: StaffKeys;
let admin: string;

const MAX_CREDITS = 3;

beforeAll(async () => {
  context = await createTestContext();
  staff = await staffKeys();
  api = await startApi(context, { staffKeys: staff.keys, env: { REFERRAL_MAX_CREDITS: String(MAX_CREDITS) } });
  admin = await staff.sign('admin');
});
afterAll(async () => {
  await api?.close();
  await context?.close();
});

interface Person {
  id: string;
  email: string;
  token: string;
}

/** A pending sign-up holding a confirmation link, as the mail would give it (no worker needed). */
async function signedUp(email: string, referralSource: string | null = null): Promise<Person> {
  const { rows } = await context.pool.query<{ id: string }>(
    `insert into waitlist.entries (email, email_normalized, referral_source) values ($1, lower($1), $2) returning id`,
    [email, referralSource],
  );
  const token = issueToken();
  await context.pool.query(
    `insert into waitlist.tokens (token_hash, entry_id, purpose, expires_at) values ($1, $2, 'confirm', now() + interval '1 day')`,
    [token.hash, rows[0]!.id],
  );
  return { id: rows[0]!.id, email, token: token.raw };
}

/** Isolates each test's line: everyone already holding a place leaves it (invited), so places start at #1. */
async function freshLine(): Promise<void> {
  await context.pool.query(
    `update waitlist.entries set status = 'invited', invited_at = now() where status = 'confirmed'`,
  );
}

async function confirm(person: Person) {
  const answer = await api.call('POST', '/waitlist/confirm', { body: { token: person.token } });
  expect(answer.status).toBe(200);
  return answer.body.data as { referralCode: string; position: number; referralCount: number; boost: number };
}

async function statusOf(person: Person) {
  const answer = await api.call('GET', `/waitlist/status?token=${person.token}`);
  expect(answer.status).toBe(200);
  return answer.body.data as { position: number | null; referralCount: number; status: string };
}

const mail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe('the place rule', () => {
  it('orders by confirmation, moves a referrer up by the boost per confirmed friend, and breaks ties by confirmation', async () => {
    await freshLine();
    await context.pool.query('update waitlist.place_rule set boost = 2');
    try {
      const people: Person[] = [];
      for (let i = 1; i <= 4; i++) people.push(await signedUp(mail(`line${i}`)));
      const codes: string[] = [];
      for (const person of people) codes.push((await confirm(person)).referralCode);
      expect((await statusOf(people[3]!)).position).toBe(4);

      // A friend of #4 signs up: nothing moves until the friend confirms.
      const friend = await signedUp(mail('friend'), codes[3]!);
      expect((await statusOf(people[3]!)).referralCount).toBe(0);
      const confirmed = await confirm(friend);
      expect(confirmed.boost).toBe(2);
      // #4 moves 2 places up: key 4 - 2 = 2 ties with #2, who confirmed first and stays ahead.
      expect(await statusOf(people[3]!)).toMatchObject({ position: 3, referralCount: 1 });
      expect((await statusOf(people[1]!)).position).toBe(2);
      expect((await statusOf(people[2]!)).position).toBe(4);
      expect(confirmed.position).toBe(5);
      const credits = await context.pool.query(
        'select state, reason from waitlist.referral_credits where referred_id = $1',
        [friend.id],
      );
      expect(credits.rows).toEqual([{ state: 'granted', reason: 'confirmed' }]);
    } finally {
      await context.pool.query('update waitlist.place_rule set boost = 10');
    }
  });

  it('refuses a self-referral through an alias (case, +tag, Gmail dots and googlemail)', async () => {
    const local = `ann.smith${randomUUID().slice(0, 6)}`;
    const owner = await signedUp(`${local}@gmail.com`);
    const { referralCode } = await confirm(owner);
    const alias = await signedUp(`${local.replace('.', '').toUpperCase()}+again@googlemail.com`, referralCode);
    await confirm(alias);
    expect((await statusOf(owner)).referralCount).toBe(0);
    const { rows } = await context.pool.query(
      'select state, reason from waitlist.referral_credits where referred_id = $1',
      [alias.id],
    );
    expect(rows).toEqual([{ state: 'refused', reason: 'self_referral' }]);
  });

  it('keeps an unknown code as a source and credits nobody', async () => {
    const person = await signedUp(mail('unknown'), 'NOSUCHCODE');
    await confirm(person);
    const { rows } = await context.pool.query(
      `select e.referral_source, e.referrer_id, (select count(*)::int from waitlist.referral_credits where referred_id = e.id) as credits
         from waitlist.entries e where id = $1`,
      [person.id],
    );
    expect(rows[0]).toEqual({ referral_source: 'NOSUCHCODE', referrer_id: null, credits: 0 });
  });

  it(`credits at most REFERRAL_MAX_CREDITS (${MAX_CREDITS}) and records the rest as refused`, async () => {
    const referrer = await signedUp(mail('popular'));
    const { referralCode } = await confirm(referrer);
    const friends: Person[] = [];
    for (let i = 0; i <= MAX_CREDITS; i++) friends.push(await signedUp(mail(`f${i}`), referralCode));
    for (const friend of friends) await confirm(friend);
    expect((await statusOf(referrer)).referralCount).toBe(MAX_CREDITS);
    const { rows } = await context.pool.query('select reason from waitlist.referral_credits where referred_id = $1', [
      friends.at(-1)!.id,
    ]);
    expect(rows).toEqual([{ reason: 'cap_reached' }]);
  });

  it('takes the credit back when staff erase the referred entry, and audits it', async () => {
    await freshLine();
    const first = await signedUp(mail('first'));
    const referrer = await signedUp(mail('referrer'));
    await confirm(first);
    const { referralCode } = await confirm(referrer);
    const friend = await signedUp(mail('erased'), referralCode);
    await confirm(friend);
    expect(await statusOf(referrer)).toMatchObject({ position: 1, referralCount: 1 });

    const erased = await api.call('DELETE', `/api/admin/waitlist/entries/${friend.id}`, { token: admin });
    expect(erased.status).toBe(204);
    expect(await statusOf(referrer)).toMatchObject({ position: 2, referralCount: 0 });
    const audit = await context.pool.query(
      `select target, details from waitlist.audit_log where action = 'credit.revoke' and target = $1`,
      [referrer.id],
    );
    expect(audit.rows).toEqual([{ target: referrer.id, details: { reason: 'referred_erased' } }]);
  });

  it('keeps places unique and gap-free when 50 people confirm at once', async () => {
    await freshLine();
    const people = await Promise.all(Array.from({ length: 50 }, (_, i) => signedUp(mail(`crowd${i}`))));
    const answers = await Promise.all(
      people.map((person) => api.call('POST', '/waitlist/confirm', { body: { token: person.token } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(people.map(() => 200));
    const places = await Promise.all(people.map(async (person) => (await statusOf(person)).position));
    expect([...places].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('public answers tell nothing about who is on the list', () => {
  it.each([
    ['GET', '/waitlist/status?token='],
    ['GET', '/waitlist/invitation?token='],
  ])('%s %s answers an unknown token exactly like a foreign-purpose one', async (method, path) => {
    const unknown = await api.call(method, `${path}${issueToken().raw}`);
    const person = await signedUp(mail('foreign'));
    const other = await api.call(method, `${path}${person.token}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('token_invalid');
    // A confirm link is a valid status link; an invitation link it is not: same 404 as a token nobody holds.
    if (path.includes('invitation')) expect(other.text).toBe(unknown.text);
  });

  it('answers a malformed token with 400, never 5xx', async () => {
    const answer = await api.call('GET', '/waitlist/status?token=short');
    expect(answer.status).toBe(400);
    const city = await api.call('POST', '/waitlist/city', { body: { token: issueToken().raw, cityId: 'x' } });
    expect(city.status).toBe(400);
  });

  it('reading the status changes nothing: a pending person stays pending and can still confirm', async () => {
    const person = await signedUp(mail('reader'));
    expect(await statusOf(person)).toMatchObject({ status: 'pending', position: null });
    await confirm(person);
  });
});

describe('cities and waves', () => {
  it('invites the best places of a city once each, mails each once, and admits on accept', async () => {
    const sink = await startSink();
    const worker = await startWorker(context, { smtpUrl: sink.url });
    try {
      await freshLine();
      const created = await api.call('POST', '/api/admin/waitlist/cities', {
        token: admin,
        body: { name: `Lisbon ${randomUUID().slice(0, 6)}` },
      });
      expect(created.status).toBe(201);
      const cityId = created.body.id as number;
      const people: Person[] = [];
      for (let i = 0; i < 3; i++) people.push(await signedUp(mail(`wave${i}`)));
      for (const person of people) await confirm(person);
      // Everyone gets one welcome mail carrying their way back to their place.
      await sink.waitFor(() => people.every((person) => sink.to(person.email).length === 1));
      expect(sink.to(people[0]!.email)[0]!.parsed.text).toContain('/confirm?token=');
      for (const person of people.slice(1)) {
        const chosen = await api.call('POST', '/waitlist/city', { body: { token: person.token, cityId } });
        expect(chosen.body.data.city.id).toBe(cityId);
      }

      const preview = await api.call('GET', `/api/admin/waitlist/invitations/preview?count=1&city=${cityId}`, {
        token: admin,
      });
      expect(preview.body).toEqual({ matching: 1, holders: 2 });
      const wave = await api.call('POST', '/api/admin/waitlist/invitations', {
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
      expect((await api.call('GET', `/waitlist/invitation?token=${token}`)).body.data.status).toBe('invited');
      const accepted = await api.call('POST', '/waitlist/invitation/accept', { body: { token } });
      expect(accepted.body.data.status).toBe('admitted');

      const waves = await api.call('GET', '/api/admin/waitlist/invitations', { token: admin });
      expect(waves.body.items[0]).toMatchObject({ requested: 1, invited: 1, admitted: 1, city: { id: cityId } });
      const audit = await context.pool.query(
        `select count(*)::int as n from waitlist.audit_log where action = 'wave.invite'`,
      );
      expect(audit.rows[0].n).toBeGreaterThanOrEqual(1);
      const outbox = await context.pool.query(
        `select count(*)::int as n from waitlist.outbox where entry_id = $1 and kind = 'invitation'`,
        [people[1]!.id],
      );
      expect(outbox.rows[0].n).toBe(1);

      const byPlace = await api.call('GET', '/api/admin/waitlist/entries?order=place&limit=5', { token: admin });
      expect(byPlace.status).toBe(200);
      expect(byPlace.body.items.map((item: { position: number }) => item.position)).toEqual([1, 2]);
      const stats = await api.call('GET', '/api/admin/waitlist/launch-stats', { token: admin });
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
