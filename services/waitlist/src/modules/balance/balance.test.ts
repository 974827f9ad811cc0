import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCity, buildEntry, buildToken, freshLine } from '../../testing/waitlist-factories.js';
import { startApi, uniqueEmail, useWaitlistApi, type ApiHarness } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();
let admin: string;
beforeAll(async () => {
  admin = await system.staff.sign('admin');
});

type Identity = 'woman' | 'man' | 'nonbinary';
type Seeking = 'women' | 'men' | 'everyone';

interface Person {
  id: string;
  email: string;
  /** The confirmation link's token: the status page's. */
  token: string;
  unsubscribe: string;
  invite: string;
  place: number;
  identity: Identity | null;
}

/** A person confirmed through the public call, with the links their mails gave them. */
async function confirmed(label: string): Promise<Omit<Person, 'identity'>> {
  const email = uniqueEmail(label);
  const entry = await buildEntry(system.context.pool, { email });
  const token = await buildToken(system.context.pool, entry.id);
  const answer = await system.api.request('/waitlist/confirm', { method: 'POST', body: { token: token.raw } });
  expect(answer.status).toBe(200);
  const unsubscribe = await buildToken(system.context.pool, entry.id, { purpose: 'unsubscribe', expiresAt: null });
  const invite = await buildToken(system.context.pool, entry.id, { purpose: 'invite', expiresAt: null });
  return {
    id: entry.id,
    email,
    token: token.raw,
    unsubscribe: unsubscribe.raw,
    invite: invite.raw,
    place: answer.body.data.position as number,
  };
}

const SEEKING_OF: Record<Identity, Seeking> = { woman: 'men', man: 'women', nonbinary: 'everyone' };

function give(api: ApiHarness, token: string, identity: Identity, seeking: Seeking = SEEKING_OF[identity]) {
  return api.request('/waitlist/place/balance', {
    method: 'PUT',
    body: { token, identity, seeking, consent: true },
  });
}

async function sealedRows(): Promise<{ entryId: string; sealed: string }[]> {
  const { rows } = await system.context.pool.query<{ entryId: string; sealed: string }>(
    'select entry_id::text as "entryId", sealed from waitlist.entry_balance',
  );
  return rows;
}

async function hasBalance(id: string): Promise<boolean> {
  const { rows } = await system.context.pool.query('select 1 from waitlist.entry_balance where entry_id = $1', [id]);
  return rows.length > 0;
}

/** The words a person chooses from, as they would appear anywhere they leaked to. */
const SAID = [/\bwoman\b/i, /\bwomen\b/i, /\bnon-?binary\b/i, /\beveryone\b/i, /"man"/, /"men"/, /\bseeking\b/i];

function expectNothingSaid(text: string, sealed: string[], where: string): void {
  for (const word of SAID) expect(text, `${where} holds ${String(word)}`).not.toMatch(word);
  for (const value of sealed) expect(text, `${where} holds a sealed value`).not.toContain(value.split(':')[3]);
}

describe('the status page: give, read, withdraw', () => {
  it('keeps it sealed for a confirmed person, echoes it to them alone, and withdrawing deletes it', async () => {
    const person = await confirmed('balgive');
    const before = await system.api.request(`/waitlist/place/balance?token=${person.token}`);
    expect(before.body.data).toEqual({ given: false, identity: null, seeking: null });

    const given = await give(system.api, person.token, 'nonbinary', 'everyone');
    expect(given.status).toBe(200);
    expect(given.body.data).toEqual({ given: true, identity: 'nonbinary', seeking: 'everyone' });
    expect(given.headers['cache-control']).toBe('no-store');

    const read = await system.api.request(`/waitlist/place/balance?token=${person.token}`);
    expect(read.body.data).toEqual({ given: true, identity: 'nonbinary', seeking: 'everyone' });

    // In the database: sealed, not the words.
    const { rows } = await system.context.pool.query<{ sealed: string; text: string }>(
      'select sealed, row_to_json(b)::text as text from waitlist.entry_balance b where entry_id = $1',
      [person.id],
    );
    expect(rows[0]!.sealed).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expectNothingSaid(rows[0]!.text, [], 'the row');

    // Changing it replaces it.
    await give(system.api, person.token, 'woman', 'women');
    expect((await system.api.request(`/waitlist/place/balance?token=${person.token}`)).body.data.identity).toBe(
      'woman',
    );

    const withdrawn = await system.api.request('/waitlist/place/balance', {
      method: 'DELETE',
      body: { token: person.token },
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toEqual({ given: false, identity: null, seeking: null });
    expect(await hasBalance(person.id)).toBe(false);
  });

  it('refuses without consent, with unknown words, for a pending sign-up and for an unknown link', async () => {
    const person = await confirmed('balrefuse');
    const noConsent = await system.api.request('/waitlist/place/balance', {
      method: 'PUT',
      body: { token: person.token, identity: 'woman', seeking: 'men', consent: false },
    });
    expect(noConsent.status).toBe(400);
    const unknown = await system.api.request('/waitlist/place/balance', {
      method: 'PUT',
      body: { token: person.token, identity: 'robot', seeking: 'men', consent: true },
    });
    expect(unknown.status).toBe(400);

    const pending = await buildEntry(system.context.pool, { email: uniqueEmail('balpending') });
    const pendingToken = await buildToken(system.context.pool, pending.id);
    expect((await give(system.api, pendingToken.raw, 'woman')).status).toBe(404);
    expect((await give(system.api, randomBytes(32).toString('base64url'), 'woman')).status).toBe(404);
    expect(await hasBalance(person.id)).toBe(false);
  });

  it('answers a client mistake with 4xx, never 5xx, whatever the body (and keeps nothing)', async () => {
    const person = await confirmed('balfuzz');
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { token: person.token },
      { token: person.token, identity: 'woman', seeking: 'men', consent: 'yes' },
      { token: person.token, identity: ['woman'], seeking: 'men', consent: true },
      { token: person.token, identity: 'woman', seeking: 'men', consent: true, extra: 1 },
      { token: 'x'.repeat(3000), identity: 'woman', seeking: 'men', consent: true },
      { token: { $ne: null }, identity: 'woman', seeking: 'men', consent: true },
      { token: person.token, identity: 'woman\u0000', seeking: 'men', consent: true },
    ];
    for (const method of ['PUT', 'DELETE']) {
      // `{token}` alone is a valid withdrawal.
      for (const body of bodies.filter((body) => method === 'PUT' || body !== bodies[4])) {
        const answer = await system.api.request('/waitlist/place/balance', {
          method,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(answer.status, `${method} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
      const notJson = await system.api.request('/waitlist/place/balance', {
        method,
        body: 'token=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(notJson.status).toBe(415);
      const large = await system.api.request('/waitlist/place/balance', { method, body: { token: 'x'.repeat(5000) } });
      expect(large.status).toBe(413);
    }
    for (const query of ['', '?token=', '?token[]=a', `?token=${'x'.repeat(500)}`]) {
      const answer = await system.api.request(`/waitlist/place/balance${query}`);
      expect(answer.status, query).toBe(400);
    }
    expect(await hasBalance(person.id)).toBe(false);
  });

  it('is gone when the person unsubscribes, and an unsubscribed link may not give it again', async () => {
    const person = await confirmed('balleave');
    await give(system.api, person.token, 'man');
    expect(await hasBalance(person.id)).toBe(true);
    const left = await system.api.request('/waitlist/unsubscribe', {
      method: 'POST',
      body: { token: person.unsubscribe },
    });
    expect(left.status).toBe(200);
    expect(await hasBalance(person.id)).toBe(false);
    expect((await give(system.api, person.token, 'man')).status).toBe(410);
  });

  it('is shown to the person on their own data page, and gone with the entry when they erase everything', async () => {
    const person = await confirmed('balerase');
    await give(system.api, person.token, 'woman', 'everyone');
    const link = await buildToken(system.context.pool, person.id, { purpose: 'data_access' });
    const opened = await system.api.request('/waitlist/your-data/open', { method: 'POST', body: { token: link.raw } });
    expect(opened.status).toBe(200);
    expect(opened.body.data.balance).toEqual({ given: true, identity: 'woman', seeking: 'everyone' });
    const erased = await system.api.request('/waitlist/your-data/erase', {
      method: 'POST',
      body: { session: opened.body.session },
    });
    expect(erased.status).toBe(200);
    expect(await hasBalance(person.id)).toBe(false);
  });
});

describe('a balanced wave', () => {
  const people: Person[] = [];
  let sealedBefore: string[] = [];

  beforeAll(async () => {
    await freshLine(system.context.pool);
    // A skewed line of 300: of those who say something, four women to one man (every fifth a man), and every
    // seventh person says nothing.
    for (let index = 0; index < 300; index += 1) {
      const person = await confirmed(`balline${index}`);
      expect(person.place).toBe(index + 1);
      const identity: Identity | null = index % 7 === 3 ? null : index % 5 === 0 ? 'man' : 'woman';
      if (identity) expect((await give(system.api, person.token, identity)).status).toBe(200);
      people.push({ ...person, identity });
    }
    sealedBefore = (await sealedRows()).map((row) => row.sealed);
  }, 120_000);

  it('refuses a mix that does not add up to 100, a partial one, a wave under 20 and unknown groups (400)', async () => {
    const bad = [
      { count: 100, balance: { woman: 50, man: 40, nonbinary: 0 } },
      { count: 100, balance: { woman: 50, man: 50 } },
      { count: 100, balance: { woman: 50, man: 50, nonbinary: 0, robot: 0 } },
      { count: 100, balance: { woman: 150, man: -50, nonbinary: 0 } },
      { count: 10, balance: { woman: 50, man: 50, nonbinary: 0 } },
    ];
    for (const body of bad) {
      const answer = await system.api.request('/api/admin/waitlist/invitations', {
        method: 'POST',
        token: admin,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    for (const query of [
      'count=100&woman=50&man=50',
      'count=100&woman=50&man=40&nonbinary=0',
      'count=5&woman=50&man=50&nonbinary=0',
    ]) {
      const answer = await system.api.request(`/api/admin/waitlist/invitations/preview?${query}`, { token: admin });
      expect(answer.status, query).toBe(400);
    }
    expect(await sealedRows()).toHaveLength(sealedBefore.length);
  });

  it('previews the mix in counts, then lands within ±2 points of 50/50, best places first in each group', async () => {
    const preview = await system.api.request(
      '/api/admin/waitlist/invitations/preview?count=100&woman=50&man=50&nonbinary=0',
      { token: admin },
    );
    expect(preview.status).toBe(200);
    const mix = preview.body.mix as { woman: number; man: number; nonbinary: number; unsaid: number };
    expect(preview.body.matching).toBe(100);
    expect(mix.woman + mix.man + mix.nonbinary + mix.unsaid).toBe(100);
    // Preview changes nothing.
    expect(await sealedRows()).toHaveLength(sealedBefore.length);

    const answer = await system.api.request('/api/admin/waitlist/invitations', {
      method: 'POST',
      token: admin,
      body: { count: 100, balance: { woman: 50, man: 50, nonbinary: 0 } },
    });
    expect(answer.status).toBe(202);
    expect(answer.body.invited).toBe(100);

    const { rows } = await system.context.pool.query<{ id: string }>(
      `select id::text from waitlist.entries where wave_id = $1 and status = 'invited'`,
      [answer.body.waveId],
    );
    const invited = new Set(rows.map((row) => row.id));
    expect(invited.size).toBe(100);
    const picked = people.filter((person) => invited.has(person.id));

    // People who said nothing: drafted by place exactly as an unbalanced wave of 100 would (those within its first
    // 100 places), and nobody else.
    const unsaidPicked = picked.filter((person) => person.identity === null).map((person) => person.place);
    const unsaidFirst100 = people.filter((p) => p.identity === null && p.place <= 100).map((p) => p.place);
    expect(unsaidPicked).toEqual(unsaidFirst100);

    // The mix of those who said something: within ±2 points of the target, and what the preview showed.
    const declared = picked.filter((person) => person.identity !== null);
    const share = (identity: Identity) =>
      (100 * declared.filter((p) => p.identity === identity).length) / declared.length;
    expect(Math.abs(share('woman') - 50)).toBeLessThanOrEqual(2);
    expect(Math.abs(share('man') - 50)).toBeLessThanOrEqual(2);
    expect(share('nonbinary')).toBe(0);
    expect({
      woman: declared.filter((p) => p.identity === 'woman').length,
      man: declared.filter((p) => p.identity === 'man').length,
      unsaid: unsaidPicked.length,
    }).toEqual({ woman: mix.woman, man: mix.man, unsaid: mix.unsaid });

    // Fairness within each group: nobody passed over by a worse place of the same group.
    for (const identity of ['woman', 'man'] as const) {
      const group = people.filter((person) => person.identity === identity);
      const worstPicked = Math.max(...group.filter((p) => invited.has(p.id)).map((p) => p.place));
      const passedOver = group.filter((p) => !invited.has(p.id) && p.place < worstPicked);
      expect(passedOver, identity).toEqual([]);
    }
    // The skew was real: women were passed over for men further down the line.
    expect(Math.max(...picked.filter((p) => p.identity === 'man').map((p) => p.place))).toBeGreaterThan(200);

    // Invited: their balance data is gone, in the wave's own transaction; the rest keep theirs.
    for (const person of picked) expect(await hasBalance(person.id)).toBe(false);
    const left = people.filter((p) => p.identity !== null && !invited.has(p.id));
    expect(await sealedRows()).toHaveLength(left.length);
  });

  it('is gone after admission, and an invited person may not give it again (409)', async () => {
    const someone = await confirmed('baladmit');
    await give(system.api, someone.token, 'woman');
    await system.context.pool.query(
      `update waitlist.entries set status = 'invited', invited_at = now() where id = $1`,
      [someone.id],
    );
    expect(await hasBalance(someone.id)).toBe(false);
    expect((await give(system.api, someone.token, 'woman')).status).toBe(409);
    const accepted = await system.api.request('/waitlist/invitation/accept', {
      method: 'POST',
      body: { token: someone.invite },
    });
    expect(accepted.status).toBe(200);
    expect(await hasBalance(someone.id)).toBe(false);
  });

  it('never appears in the staff list, export, audit log or the service log lines', async () => {
    const sealed = (await sealedRows()).map((row) => row.sealed);
    expect(sealed.length).toBeGreaterThan(0);
    const answers = await Promise.all([
      system.api.request('/api/admin/waitlist/entries?limit=100', { token: admin }),
      system.api.request('/api/admin/waitlist/entries?order=place&limit=100', { token: admin }),
      system.api.request(`/api/admin/waitlist/entries?q=${encodeURIComponent('balline1')}`, { token: admin }),
      system.api.request('/api/admin/waitlist/entries.csv', { token: admin }),
      system.api.request('/api/admin/waitlist/audit', { token: admin }),
      system.api.request('/api/admin/waitlist/invitations', { token: admin }),
      system.api.request('/api/admin/waitlist/launch-stats', { token: admin }),
      system.api.request('/api/admin/waitlist/stats', { token: admin }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expectNothingSaid(answer.text, [...sealed, ...sealedBefore], answer.text.slice(0, 60));
    }
    const { rows } = await system.context.pool.query<{ text: string }>(
      'select coalesce(string_agg(row_to_json(a)::text, chr(10)), $$$$) as text from waitlist.audit_log a',
    );
    expectNothingSaid(rows[0]!.text, [...sealed, ...sealedBefore], 'the audit log');
    const logs = system.api.logs.text();
    expect(logs.length).toBeGreaterThan(0);
    expectNothingSaid(logs, [...sealed, ...sealedBefore], 'the log lines');
  });

  it('fails closed under another key: no draft, no guess on the status page', async () => {
    const other = await startApi(system.context, {
      staffKeys: system.staff.keys,
      env: { BALANCE_DATA_KEY: randomBytes(32).toString('base64') },
    });
    try {
      const kept = (await sealedRows())[0]!;
      const person = people.find((p) => p.id === kept.entryId)!;
      const read = await other.request(`/waitlist/place/balance?token=${person.token}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual({ given: true, identity: null, seeking: null });
      const preview = await other.request(
        '/api/admin/waitlist/invitations/preview?count=50&woman=50&man=50&nonbinary=0',
        { token: admin },
      );
      expect(preview.status).toBe(500);
      expect(preview.body.code).toBe('balance_data_unreadable');
      const before = await sealedRows();
      const wave = await other.request('/api/admin/waitlist/invitations', {
        method: 'POST',
        token: admin,
        body: { count: 50, balance: { woman: 50, man: 50, nonbinary: 0 } },
      });
      expect(wave.status).toBe(500);
      expect(await sealedRows()).toEqual(before);
      expectNothingSaid(
        other.logs.text(),
        before.map((row) => row.sealed),
        'the log lines',
      );
    } finally {
      await other.close();
    }
  });
});

describe('a balanced wave of a city with friends holding tickets', () => {
  /** A friend's ticket, used (decision 036): the member who gave it need not be anyone in particular here. */
  async function usedTicket(friendId: string): Promise<void> {
    const owner = await buildEntry(system.context.pool, { status: 'admitted' });
    await system.context.pool.query(
      `insert into waitlist.tickets (owner_id, slot, code_hash, used_by, used_at) values ($1, 1, $2, $3, now())`,
      [owner.id, randomBytes(32), friendId],
    );
  }

  async function inCity(label: string, cityId: number, identity: Identity | null): Promise<Person> {
    const person = await confirmed(label);
    const chosen = await system.api.request('/waitlist/city', {
      method: 'POST',
      body: { token: person.token, cityId },
    });
    expect(chosen.status).toBe(200);
    if (identity) expect((await give(system.api, person.token, identity)).status).toBe(200);
    return { ...person, identity };
  }

  it("takes the city's ticket holders first, counts them toward the mix, and still lands within ±2 points", async () => {
    await freshLine(system.context.pool);
    const city = await buildCity(system.context.pool);
    const elsewhere = await buildCity(system.context.pool);
    // 100 in the city, skewed as above: every seventh says nothing, of the others every fifth is a man.
    const line: Person[] = [];
    for (let index = 0; index < 100; index += 1) {
      const identity: Identity | null = index % 7 === 3 ? null : index % 5 === 0 ? 'man' : 'woman';
      line.push(await inCity(`baltk${index}`, city.id, identity));
    }
    // Friends holding a ticket, at the worst places of the line: two men, a woman and one who said nothing; and a
    // friend of another city, whom this city's wave leaves alone.
    const friends = [
      await inCity('baltkf1', city.id, 'man'),
      await inCity('baltkf2', city.id, 'woman'),
      await inCity('baltkf3', city.id, null),
      await inCity('baltkf4', city.id, 'man'),
    ];
    const away = await inCity('baltkf5', elsewhere.id, 'man');
    for (const friend of [...friends, away]) await usedTicket(friend.id);

    const target = { woman: 50, man: 50, nonbinary: 0 };
    const preview = await system.api.request(
      `/api/admin/waitlist/invitations/preview?count=40&city=${city.id}&woman=50&man=50&nonbinary=0`,
      { token: admin },
    );
    expect(preview.status).toBe(200);
    const answer = await system.api.request('/api/admin/waitlist/invitations', {
      method: 'POST',
      token: admin,
      body: { count: 40, city: city.id, balance: target },
    });
    expect(answer.status).toBe(202);
    expect(answer.body.invited).toBe(preview.body.matching);
    const { rows } = await system.context.pool.query<{ id: string }>(
      `select id::text from waitlist.entries where wave_id = $1 and status = 'invited'`,
      [answer.body.waveId],
    );
    const invited = new Set(rows.map((row) => row.id));
    expect(invited.size).toBe(answer.body.invited);

    // Every friend of the city is in, whatever their place; the friend of another city is not.
    for (const friend of friends) expect(invited.has(friend.id), friend.email).toBe(true);
    expect(invited.has(away.id)).toBe(false);

    // Who said nothing: those among the best places an unbalanced wave would take after the friends (40 - 4).
    const unsaidPicked = line.filter((p) => p.identity === null && invited.has(p.id)).map((p) => p.place);
    expect(unsaidPicked).toEqual(
      line
        .slice(0, 36)
        .filter((p) => p.identity === null)
        .map((p) => p.place),
    );

    // The mix of everyone in the wave who said something, the friends included: within ±2 points, as previewed.
    const declared = [...line, ...friends].filter((p) => p.identity !== null && invited.has(p.id));
    const count = (identity: Identity) => declared.filter((p) => p.identity === identity).length;
    expect(Math.abs((100 * count('woman')) / declared.length - 50)).toBeLessThanOrEqual(2);
    expect(Math.abs((100 * count('man')) / declared.length - 50)).toBeLessThanOrEqual(2);
    expect(preview.body.mix).toEqual({
      woman: count('woman'),
      man: count('man'),
      nonbinary: 0,
      unsaid: unsaidPicked.length + 1,
    });

    // Nobody in the line passed over by a worse place of their own group.
    for (const identity of ['woman', 'man'] as const) {
      const group = line.filter((person) => person.identity === identity);
      const worstPicked = Math.max(...group.filter((p) => invited.has(p.id)).map((p) => p.place));
      expect(group.filter((p) => !invited.has(p.id) && p.place < worstPicked).map((p) => p.place)).toEqual([]);
    }

    // Once: the next balanced wave of the city takes places again, not the friends (invited already).
    const next = await system.api.request(
      '/api/admin/waitlist/invitations/preview?count=20&woman=50&man=50&nonbinary=0&city=' + city.id,
      {
        token: admin,
      },
    );
    expect(next.status).toBe(200);
    const remaining = line.filter((p) => !invited.has(p.id)).slice(0, 20);
    expect(next.body.mix.unsaid).toBe(remaining.filter((p) => p.identity === null).length);
  });
});
