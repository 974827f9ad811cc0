import { startTestDnsServer, type TestDnsServer } from '@mmdm/tests/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveForSignup } from '../../testing/altcha-solver.js';
import { buildToken } from '../../testing/waitlist-factories.js';
import {
  staffKeys,
  startApi,
  uniqueEmail,
  useTestContext,
  type ApiHarness,
  type StaffKeys,
} from '../../testing/waitlist-harness.js';

const context = useTestContext();
let dns: TestDnsServer;
let staff: StaffKeys;
/** SIGNUP_CHALLENGE=always, the DNS check against the test DNS server, the default referral rules. */
let strict: ApiHarness;
/** SIGNUP_CHALLENGE=adaptive with low thresholds. */
let adaptive: ApiHarness;

const PER_NETWORK = 3;

beforeAll(async () => {
  staff = await staffKeys();
  dns = await startTestDnsServer({
    'mail.test': { mx: ['mx.mail.test'] },
    'only-a.test': { a: ['192.0.2.10'] },
    'only-aaaa.test': { aaaa: ['2001:db8::1'] },
    'no-mail.test': { mx: ['.'] },
    'gone.test': { nxdomain: true },
    'slow.test': { silent: true },
    'late.test': { mx: ['mx.late.test'], delayMs: 900 },
    'example.com': { mx: ['mx.example.com'] },
    // A working resolver knows the well-known mail domains (DNS_WELL_KNOWN_DOMAINS): its "no such domain" is believed.
    'gmail.com': { mx: ['gmail-smtp-in.l.google.com'] },
    'staff-allowed.test': { mx: ['mx.staff-allowed.test'] },
    'staff-denied.test': { mx: ['mx.staff-denied.test'] },
  });
  const env = {
    SIGNUP_CHALLENGE: 'always',
    EMAIL_DNS_CHECK: 'true',
    DNS_SERVERS: dns.address,
    REFERRAL_HOLD_PER_NETWORK: String(PER_NETWORK),
    REFERRAL_HOLD_PER_DEVICE: '0',
    REFERRAL_HOLD_BURST_MIN: '10',
  };
  strict = await startApi(context, { staffKeys: staff.keys, env });
  adaptive = await startApi(context, {
    staffKeys: staff.keys,
    env: { ...env, SIGNUP_CHALLENGE: 'adaptive', SIGNUP_PRESSURE_NETWORK: '5', SIGNUP_PRESSURE_GLOBAL: '1000' },
  });
});

afterAll(async () => {
  await adaptive?.close();
  await strict?.close();
  await dns?.close();
});

const fromNetwork = (address: string) => ({ 'x-forwarded-for': address });

async function solved(api: ApiHarness, headers: Record<string, string> = {}): Promise<string> {
  const answer = await api.request('/waitlist/challenge', { headers });
  expect(answer.status).toBe(200);
  return solveForSignup(answer.body);
}

async function rowsFor(email: string) {
  const { rows } = await context.pool.query<{
    id: string;
    review_state: string | null;
    review_reasons: string[] | null;
  }>('select id, review_state, review_reasons from waitlist.entries where email_normalized = lower($1)', [email]);
  return rows;
}

async function countRows(pattern: string) {
  const { rows } = await context.pool.query<{ entries: number; outbox: number }>(
    `select (select count(*)::int from waitlist.entries where email like $1) as entries,
            (select count(*)::int from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id where e.email like $1) as outbox`,
    [pattern],
  );
  return rows[0]!;
}

describe('proof of work (ALTCHA)', () => {
  it('hands out a signed challenge the page can solve, never cached', async () => {
    const answer = await strict.request('/waitlist/challenge');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.required).toBe(true);
    expect(answer.body.challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 });
    expect(answer.body.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('with SIGNUP_CHALLENGE=always, refuses a sign-up without a solution with a 400 the page can show, writing nothing', async () => {
    const email = uniqueEmail('no-pow');
    const answer = await strict.request('/waitlist', { method: 'POST', body: { email } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'challenge_required' });
    expect(answer.body.message).toMatch(/try again/);
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it('accepts a solved challenge once and refuses the same solution replayed', async () => {
    const altcha = await solved(strict);
    const first = uniqueEmail('pow');
    const accepted = await strict.request('/waitlist', { method: 'POST', body: { email: first, altcha } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await rowsFor(first)).toHaveLength(1);

    const second = uniqueEmail('replay');
    const replayed = await strict.request('/waitlist', { method: 'POST', body: { email: second, altcha } });
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('challenge_spent');
    expect(await rowsFor(second)).toHaveLength(0);
    // Spent for every replica: remembered in Redis until the challenge expires.
    const keys = await strict.redis.keys(`${context.prefix}:waitlist:altcha:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(await strict.redis.pttl(keys[0]!)).toBeGreaterThan(0);
  });

  it('refuses a forged solution and a tampered challenge', async () => {
    const answer = await strict.request('/waitlist/challenge');
    const { challenge } = answer.body;
    const forged = Buffer.from(
      JSON.stringify({ challenge, solution: { counter: 1, derivedKey: 'ab'.repeat(32) } }),
    ).toString('base64');
    const tamperedPayload = JSON.parse(Buffer.from(await solveForSignup(answer.body), 'base64').toString());
    tamperedPayload.challenge.parameters.data.level = 9;
    const tampered = Buffer.from(JSON.stringify(tamperedPayload)).toString('base64');
    for (const altcha of [forged, tampered, 'not base64 json']) {
      const email = uniqueEmail('forged');
      const refused = await strict.request('/waitlist', { method: 'POST', body: { email, altcha } });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('challenge_invalid');
      expect(await rowsFor(email)).toHaveLength(0);
    }
  });

  it('adaptive: asks nothing of a quiet network, then asks a network past its pace for work that grows with it', async () => {
    const quiet = fromNetwork('203.0.113.7');
    const busy = fromNetwork('198.51.100.20');
    const first = await adaptive.request('/waitlist', {
      method: 'POST',
      body: { email: uniqueEmail('quiet') },
      headers: quiet,
    });
    expect(first.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await adaptive.request('/waitlist', {
        method: 'POST',
        body: { email: uniqueEmail('busy') },
        headers: busy,
      });
      statuses.push(answer.status);
    }
    // The first attempts pass (5 a minute), then every one without a solution is refused.
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(400));
    const busyChallenge = await adaptive.request('/waitlist/challenge', { headers: busy });
    expect(busyChallenge.body.required).toBe(true);
    // 13 attempts a minute at a threshold of 5: level 2, twice the base cost.
    expect(busyChallenge.body.challenge.parameters.data.level).toBe(2);
    // Another network is still asked for nothing.
    const other = await adaptive.request('/waitlist/challenge', { headers: quiet });
    expect(other.body.required).toBe(false);
    const altcha = await solveForSignup(busyChallenge.body);
    const solvedAnswer = await adaptive.request('/waitlist', {
      method: 'POST',
      body: { email: uniqueEmail('busy-solved'), altcha },
      headers: busy,
    });
    expect(solvedAnswer.status, solvedAnswer.text).toBe(200);
  });
});

describe('the honeypot', () => {
  it('answers a filled hidden field exactly like a sign-up, and writes nothing', async () => {
    const email = uniqueEmail('bot');
    const person = uniqueEmail('human');
    const bot = await strict.request('/waitlist', { method: 'POST', body: { email, website: 'http://spam.example' } });
    const human = await strict.request('/waitlist', {
      method: 'POST',
      body: { email: person, altcha: await solved(strict) },
    });
    expect(bot.status).toBe(200);
    expect(bot.text).toBe(human.text.replace(person, email));
    expect(await countRows(email)).toEqual({ entries: 0, outbox: 0 });
  });
});

describe('both sign-up routes', () => {
  // `application/json` exactly is answered by the lean route in front of Express; any other JSON spelling by
  // Express's route. Both must run the same defences and see the same client.
  const EXPRESS = { 'content-type': 'application/json;charset=utf-8' };
  const post = (body: Record<string, string>, headers: Record<string, string>) =>
    strict.request('/waitlist', { method: 'POST', body: JSON.stringify(body), headers });

  it('run the honeypot and the proof of work alike on the Express route', async () => {
    const email = uniqueEmail('bot-x');
    const bot = await post({ email, website: 'http://spam.example' }, EXPRESS);
    expect(bot.status).toBe(200);
    expect(await countRows(email)).toEqual({ entries: 0, outbox: 0 });
    const unsolved = await post({ email: uniqueEmail('no-pow-x') }, EXPRESS);
    expect(unsolved.status).toBe(400);
    expect(unsolved.body).toMatchObject({ success: false, code: 'challenge_required' });
  });

  it('mark a sign-up with the same network and device whichever route took it (one client-address rule)', async () => {
    const client = { 'x-forwarded-for': '198.51.100.77', 'user-agent': 'route-check/1.0' };
    const [lean, express] = [uniqueEmail('route-lean'), uniqueEmail('route-expr')];
    const viaLean = await post(
      { email: lean, altcha: await solved(strict) },
      { ...client, 'content-type': 'application/json' },
    );
    const viaExpress = await post({ email: express, altcha: await solved(strict) }, { ...client, ...EXPRESS });
    expect([viaLean.status, viaExpress.status]).toEqual([200, 200]);
    const { rows } = await context.pool.query<{ email: string; network: string; device: string }>(
      `select email, encode(signup_network, 'hex') as network, encode(signup_device, 'hex') as device
         from waitlist.entries where email = any($1) order by email`,
      [[lean, express]],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.network).toBe(rows[1]!.network);
    expect(rows[0]!.device).toBe(rows[1]!.device);
    const otherEmail = uniqueEmail('route-other');
    const other = await post(
      { email: otherEmail, altcha: await solved(strict) },
      { 'x-forwarded-for': '203.0.113.99', 'user-agent': 'route-check/1.0', ...EXPRESS },
    );
    expect(other.status).toBe(200);
    const { rows: others } = await context.pool.query<{ network: string }>(
      `select encode(signup_network, 'hex') as network from waitlist.entries where email = $1`,
      [otherEmail],
    );
    expect(others[0]!.network).not.toBe(rows[0]!.network);
  });
});

describe('throwaway and mail-less domains', () => {
  async function signUp(email: string) {
    return strict.request('/waitlist', { method: 'POST', body: { email, altcha: await solved(strict) } });
  }

  it('refuses the packaged throwaway list (and its subdomains) with a plain message, writing nothing', async () => {
    for (const email of ['someone@mailinator.com', 'x@sub.mailinator.com', 'y@10minutemail.com']) {
      const answer = await signUp(email);
      expect(answer.status, email).toBe(400);
      expect(answer.body).toEqual({
        success: false,
        code: 'email_not_permanent',
        message: 'Please use a permanent e-mail address',
      });
      expect(await rowsFor(email)).toHaveLength(0);
    }
  });

  it('refuses a domain whose DNS says it takes no mail, accepts MX, A or AAAA', async () => {
    for (const domain of ['no-mail.test', 'gone.test', 'nothing.test']) {
      const answer = await signUp(`a-${Date.now()}@${domain}`);
      expect(answer.status, domain).toBe(400);
      expect(answer.body.message).toBe('Please use a permanent e-mail address');
    }
    for (const domain of ['mail.test', 'only-a.test', 'only-aaaa.test']) {
      const email = `b-${Date.now()}@${domain}`;
      const answer = await signUp(email);
      expect(answer.status, domain).toBe(200);
      expect((await rowsFor(email))[0]?.review_state, domain).toBeNull();
    }
  });

  it('fails open when the DNS is silent or slower than 500 ms: accepted within ~0.5 s and flagged for review', async () => {
    for (const domain of ['slow.test', 'late.test']) {
      const email = `c-${Date.now()}@${domain}`;
      const started = performance.now();
      const answer = await signUp(email);
      const took = performance.now() - started;
      expect(answer.status, domain).toBe(200);
      expect(took, domain).toBeLessThan(1500);
      expect(await rowsFor(email)).toMatchObject([{ review_state: 'flagged', review_reasons: ['dns_unavailable'] }]);
    }
  });

  it('staff deny and allow lists in Settings override the packaged list, audited', async () => {
    const admin = await staff.sign('admin');
    const deny = await strict.request('/api/admin/waitlist/domain-rules', {
      method: 'POST',
      token: admin,
      body: { domain: 'Staff-Denied.test', rule: 'deny' },
    });
    expect(deny.status).toBe(201);
    expect(deny.body).toMatchObject({ domain: 'staff-denied.test', rule: 'deny' });
    const allow = await strict.request('/api/admin/waitlist/domain-rules', {
      method: 'POST',
      token: admin,
      body: { domain: 'mailinator.com', rule: 'allow' },
    });
    expect(allow.status).toBe(201);
    expect((await signUp(`d-${Date.now()}@staff-denied.test`)).body.code).toBe('email_not_permanent');
    // The DNS server knows nothing of mailinator.com here: an allowed domain is not asked about.
    expect((await signUp(`e-${Date.now()}@mailinator.com`)).status).toBe(200);

    const list = await strict.request('/api/admin/waitlist/domain-rules', { token: await staff.sign('viewer') });
    expect(list.body.items.map((item: { domain: string }) => item.domain)).toEqual([
      'mailinator.com',
      'staff-denied.test',
    ]);
    const removed = await strict.request('/api/admin/waitlist/domain-rules/mailinator.com', {
      method: 'DELETE',
      token: admin,
    });
    expect(removed.status).toBe(204);
    expect((await signUp(`f-${Date.now()}@mailinator.com`)).status).toBe(400);
    const bad = await strict.request('/api/admin/waitlist/domain-rules', {
      method: 'POST',
      token: admin,
      body: { domain: 'not a domain', rule: 'deny' },
    });
    expect(bad.status).toBe(400);
    const viewerTry = await strict.request('/api/admin/waitlist/domain-rules', {
      method: 'POST',
      token: await staff.sign('viewer'),
      body: { domain: 'x.test', rule: 'deny' },
    });
    expect(viewerTry.status).toBe(403);
    const { rows } = await context.pool.query<{ action: string }>(
      `select action from waitlist.audit_log where action like 'domain_rule.%' order by id`,
    );
    expect(rows.map((row) => row.action)).toEqual(['domain_rule.set', 'domain_rule.set', 'domain_rule.delete']);
  });
});

describe('referral farming and the review queue', () => {
  /** Signs up through the API from `address` and holds the confirmation link the mail would carry. */
  async function signedUp(email: string, address: string, referralSource?: string, userAgent = 'test-browser') {
    const answer = await strict.request('/waitlist', {
      method: 'POST',
      body: { email, altcha: await solved(strict), ...(referralSource ? { referralSource } : {}) },
      headers: { ...fromNetwork(address), 'user-agent': userAgent },
    });
    expect(answer.status, answer.text).toBe(200);
    const [row] = await rowsFor(email);
    const token = await buildToken(context.pool, row!.id);
    return { id: row!.id, email, token: token.raw };
  }

  async function confirm(person: { token: string }) {
    const answer = await strict.request('/waitlist/confirm', { method: 'POST', body: { token: person.token } });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data as { referralCode: string; referralCount: number; position: number };
  }

  async function creditsOf(referrerId: string) {
    const { rows } = await context.pool.query<{ state: string; rule: string | null; n: number }>(
      `select state, rule, count(*)::int as n from waitlist.referral_credits where referrer_id = $1
        group by state, rule order by state, rule`,
      [referrerId],
    );
    return rows;
  }

  it(`credits at most ${PER_NETWORK} friends from one network and holds the rest with the rule; others are credited`, async () => {
    const referrer = await signedUp(`farmer-${Date.now()}@mail.test`, '192.0.2.1');
    const { referralCode } = await confirm(referrer);
    for (let i = 0; i < 8; i++) {
      const friend = await signedUp(
        `farmed${'abcdefgh'[i]}-${Date.now()}@mail.test`,
        `198.18.7.${10 + i}`,
        referralCode,
      );
      await confirm(friend);
    }
    expect(await creditsOf(referrer.id)).toEqual([
      { state: 'granted', rule: null, n: PER_NETWORK },
      { state: 'held', rule: 'same_network', n: 8 - PER_NETWORK },
    ]);
    // A friend from elsewhere is credited as usual.
    const elsewhere = await signedUp(`elsewhere-${Date.now()}@mail.test`, '203.0.113.99', referralCode);
    await confirm(elsewhere);
    const referrerNow = await strict.request(`/waitlist/status?token=${referrer.token}`);
    expect(referrerNow.body.data.referralCount).toBe(PER_NETWORK + 1);
  });

  it('holds aliases of the referrer and of each other for review', async () => {
    const stamp = Date.now();
    const referrer = await signedUp(`ada.lovelace${stamp}x@mail.test`, '192.0.2.2');
    const { referralCode } = await confirm(referrer);
    const first = await signedUp(`grace${stamp}a1@mail.test`, '203.0.113.1', referralCode);
    const second = await signedUp(`grace${stamp}a2@mail.test`, '203.0.113.2', referralCode);
    await confirm(first);
    await confirm(second);
    expect(await creditsOf(referrer.id)).toEqual([
      { state: 'granted', rule: null, n: 1 },
      { state: 'held', rule: 'alias', n: 1 },
    ]);
  });

  it('shows flagged entries and held credits to staff; approve grants the credit and moves the referrer up, reject never counts; audited', async () => {
    const referrer = await signedUp(`queen-${Date.now()}@mail.test`, '192.0.2.3');
    const { referralCode } = await confirm(referrer);
    const friends = [];
    for (let i = 0; i < PER_NETWORK + 2; i++) {
      const friend = await signedUp(`subject${'abcde'[i]}-${Date.now()}@mail.test`, '198.18.9.9', referralCode);
      await confirm(friend);
      friends.push(friend);
    }
    const [heldOne, heldTwo] = friends.slice(PER_NETWORK);
    const viewer = await staff.sign('viewer');
    const admin = await staff.sign('admin');
    const queue = await strict.request('/api/admin/waitlist/review', { token: viewer });
    expect(queue.status).toBe(200);
    const held = queue.body.credits.filter(
      (credit: { referrerId: number }) => credit.referrerId === Number(referrer.id),
    );
    expect(held).toHaveLength(2);
    expect(held[0]).toMatchObject({
      rule: 'same_network',
      referrerEmail: referrer.email,
      referredEmail: heldOne!.email,
    });
    expect(queue.body.entries.some((entry: { reasons: string[] }) => entry.reasons.includes('dns_unavailable'))).toBe(
      true,
    );
    // The count the side menu and the dashboard show: the same queue, numbers only.
    const count = await strict.request('/api/admin/waitlist/review/count', { token: viewer });
    expect(count.status).toBe(200);
    expect(count.body).toEqual({
      entries: queue.body.entries.length,
      credits: queue.body.credits.length,
      total: queue.body.entries.length + queue.body.credits.length,
    });
    expect(count.body.credits).toBeGreaterThanOrEqual(2);

    const before = (await strict.request(`/waitlist/status?token=${referrer.token}`)).body.data;
    expect(
      (
        await strict.request(`/api/admin/waitlist/review/credits/${heldOne!.id}`, {
          method: 'POST',
          token: viewer,
          body: { decision: 'approve' },
        })
      ).status,
    ).toBe(403);
    const approved = await strict.request(`/api/admin/waitlist/review/credits/${heldOne!.id}`, {
      method: 'POST',
      token: admin,
      body: { decision: 'approve' },
    });
    expect(approved.status, approved.text).toBe(200);
    const after = (await strict.request(`/waitlist/status?token=${referrer.token}`)).body.data;
    expect(after.referralCount).toBe(before.referralCount + 1);
    expect(after.position).toBeLessThanOrEqual(before.position);

    const rejected = await strict.request(`/api/admin/waitlist/review/credits/${heldTwo!.id}`, {
      method: 'POST',
      token: admin,
      body: { decision: 'reject' },
    });
    expect(rejected.status).toBe(200);
    expect((await strict.request(`/waitlist/status?token=${referrer.token}`)).body.data.referralCount).toBe(
      after.referralCount,
    );
    const { rows } = await context.pool.query<{ review_state: string; state: string; reason: string; rule: string }>(
      `select e.review_state, c.state, c.reason, c.rule from waitlist.entries e
         join waitlist.referral_credits c on c.referred_id = e.id where e.id = $1`,
      [heldTwo!.id],
    );
    expect(rows[0]).toEqual({
      review_state: 'rejected',
      state: 'refused',
      reason: 'rejected_in_review',
      rule: 'same_network',
    });
    // A rejected entry holds no place.
    expect((await strict.request(`/waitlist/status?token=${heldTwo!.token}`)).body.data.position).toBeNull();
    // Decided credits leave the queue; a second decision finds nothing to decide.
    const again = await strict.request(`/api/admin/waitlist/review/credits/${heldOne!.id}`, {
      method: 'POST',
      token: admin,
      body: { decision: 'approve' },
    });
    expect(again.status).toBe(404);

    const flagged = queue.body.entries[0];
    const approveEntry = await strict.request(`/api/admin/waitlist/review/entries/${flagged.id}`, {
      method: 'POST',
      token: admin,
      body: { decision: 'approve' },
    });
    expect(approveEntry.status).toBe(200);
    const audit = await context.pool.query<{ action: string; target: string }>(
      `select action, target from waitlist.audit_log where action like 'review.%' order by id`,
    );
    expect(audit.rows).toEqual([
      { action: 'review.credit_approve', target: heldOne!.id },
      { action: 'review.credit_reject', target: heldTwo!.id },
      { action: 'review.entry_approve', target: String(flagged.id) },
    ]);
  });
});
