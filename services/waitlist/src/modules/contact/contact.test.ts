import { CONTACT_MESSAGE_MAX_LENGTH } from '@mmdm/contracts/limits';
import type { ReceivedMail } from '@mmdm/tests/support';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveForSignup } from '../../testing/altcha-solver.js';
import { buildContactMessage, daysAgo } from '../../testing/waitlist-factories.js';
import { startApi, uniqueEmail, useWaitlistSystem, type ApiHarness } from '../../testing/waitlist-harness.js';

const SUPPORT = 'help-desk@mmdm.test';
const system = useWaitlistSystem({
  env: { SUPPORT_EMAIL: SUPPORT, CONTACT_RETENTION_DAYS: '30' },
  apiEnv: { CONTACT_RATE_LIMIT: '1000' },
});

/** More APIs on the same database: one with a small rate limit, one asking for proof of work when pressed. */
let limited: ApiHarness;
let pressable: ApiHarness;
beforeAll(async () => {
  const env = { SUPPORT_EMAIL: SUPPORT, CONTACT_PRESSURE_GLOBAL: '1000' };
  limited = await startApi(system.context, { staffKeys: system.staff.keys, env: { ...env, CONTACT_RATE_LIMIT: '3' } });
  pressable = await startApi(system.context, {
    staffKeys: system.staff.keys,
    env: { ...env, SIGNUP_CHALLENGE: 'adaptive', CONTACT_PRESSURE_NETWORK: '3' },
  });
  return async () => {
    await limited.close();
    await pressable.close();
  };
});

const fromNetwork = (address: string) => ({ 'x-forwarded-for': address });

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Jane Doe',
    email: uniqueEmail('writer'),
    message: 'Hello!\r\nWill the app open in Porto at launch?',
    ...overrides,
  };
}

async function storedFor(email: string) {
  const { rows } = await system.context.pool.query<{
    id: string;
    name: string;
    email: string;
    message: string;
    handled_at: Date | null;
  }>('select id, name, email, message, handled_at from waitlist.contact_messages where email_normalized = lower($1)', [
    email,
  ]);
  return rows;
}

/** The mail to the support desk whose Reply-To is this visitor. */
function mailFrom(email: string): ReceivedMail | undefined {
  return system.smtp.to(SUPPORT).find((mail) => mail.parsed.replyTo?.value[0]?.address === email);
}

describe('POST /waitlist/contact', () => {
  it('stores the message and mails it to SUPPORT_EMAIL with the visitor as Reply-To', async () => {
    const body = message({ email: uniqueEmail('Writer-Case') });
    const answer = await system.api.request('/waitlist/contact', { method: 'POST', body });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: 'Thank you! Your message has reached our team. We reply within two working days.',
    });

    // Line breaks as a textarea sends them (CRLF) are kept as LF.
    expect(await storedFor(body.email)).toMatchObject([
      {
        name: 'Jane Doe',
        email: body.email,
        message: 'Hello!\nWill the app open in Porto at launch?',
        handled_at: null,
      },
    ]);
    await system.smtp.waitFor(() => mailFrom(body.email) !== undefined);
    const mail = mailFrom(body.email)!;
    expect(mail.envelope.to).toEqual([SUPPORT]);
    expect(mail.parsed.replyTo?.value).toEqual([{ name: 'Jane Doe', address: body.email }]);
    expect(mail.parsed.subject).toBe('Message from Jane Doe through the contact form');
    const text = (mail.parsed.text ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('Will the app open in Porto at launch?');
    expect(text).toContain(`your reply goes to ${body.email}`);
    const id = (await storedFor(body.email))[0]?.id;
    expect(text).toContain(`http://mmdm.test/admin/messages/${id}`);
    // A mail to our own desk: nothing to unsubscribe from.
    expect(mail.raw).not.toMatch(/^List-Unsubscribe/m);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', /Your name is required/],
    ['an empty name', { name: '   ' }, 'name', /Your name is required/],
    ['a name of two lines', { name: 'Jane\r\nBcc: x@example.com' }, 'name', /one line/],
    ['a malformed address', { email: 'jane-at-example.com' }, 'email', /valid e-mail address/],
    ['an empty message', { message: ' \n ' }, 'message', /A message is required/],
    [
      'a message over the limit',
      { message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) },
      'message',
      new RegExp(`at most ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`),
    ],
  ])('refuses %s with a 400 naming the field, storing and mailing nothing', async (_case, overrides, field, said) => {
    const body = message(overrides);
    const answer = await system.api.request('/waitlist/contact', { method: 'POST', body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
    expect(answer.body.issues).toEqual([{ path: field, message: expect.stringMatching(said) }]);
    expect(await storedFor(body.email)).toEqual([]);
  });

  it('refuses an unknown field with a 400 saying which', async () => {
    const body = message({ phone: '123' });
    const answer = await system.api.request('/waitlist/contact', { method: 'POST', body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Unknown field: phone/);
    expect(await storedFor(body.email)).toEqual([]);
  });

  it('takes a message of exactly the longest length, in a script of three bytes a character', async () => {
    const body = message({ message: '愛'.repeat(CONTACT_MESSAGE_MAX_LENGTH) });
    const answer = await system.api.request('/waitlist/contact', { method: 'POST', body });
    expect(answer.status, answer.text).toBe(200);
    expect((await storedFor(body.email))[0]?.message).toHaveLength(CONTACT_MESSAGE_MAX_LENGTH);
  });

  it('answers a filled honeypot exactly like a message, and stores nothing', async () => {
    const person = await system.api.request('/waitlist/contact', { method: 'POST', body: message() });
    const bot = message({ website: 'https://spam.example' });
    const answer = await system.api.request('/waitlist/contact', { method: 'POST', body: bot });
    expect(answer.status).toBe(person.status);
    expect(answer.text).toBe(person.text);
    expect(await storedFor(bot.email)).toEqual([]);
  });
});

describe('the abuse defences of the contact form', () => {
  it('refuses a network past CONTACT_RATE_LIMIT with 429 and Retry-After; another network still writes', async () => {
    const busy = fromNetwork('198.51.100.77');
    const statuses: number[] = [];
    // Two addresses of one /24: the limit counts the network.
    for (const address of ['198.51.100.77', '198.51.100.78', '198.51.100.79', '198.51.100.80']) {
      const answer = await limited.request('/waitlist/contact', {
        method: 'POST',
        body: message(),
        headers: fromNetwork(address),
      });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body.message).toBe('Too many messages from your network. Please try again later.');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = message();
    expect((await limited.request('/waitlist/contact', { method: 'POST', body: refused, headers: busy })).status).toBe(
      429,
    );
    expect(await storedFor(refused.email)).toEqual([]);
    const elsewhere = await limited.request('/waitlist/contact', {
      method: 'POST',
      body: message(),
      headers: fromNetwork('203.0.113.150'),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('asks a pressed network for proof of work, which it then accepts once; sign-ups are not made to pay for it', async () => {
    const pressed = fromNetwork('192.0.2.40');
    const quiet = await pressable.request('/waitlist/contact/challenge', { headers: pressed });
    expect(quiet.status).toBe(200);
    expect(quiet.headers['cache-control']).toBe('no-store');
    expect(quiet.body.required).toBe(false);

    // CONTACT_PRESSURE_NETWORK=3 a minute: the third message from the network needs the work.
    for (let i = 0; i < 2; i++)
      expect(
        (await pressable.request('/waitlist/contact', { method: 'POST', body: message(), headers: pressed })).status,
      ).toBe(200);
    const without = message();
    const refused = await pressable.request('/waitlist/contact', { method: 'POST', body: without, headers: pressed });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('challenge_required');
    expect(await storedFor(without.email)).toEqual([]);

    const challenge = await pressable.request('/waitlist/contact/challenge', { headers: pressed });
    expect(challenge.body.required).toBe(true);
    // The sign-up form of the same network is asked for nothing: its pressure is its own.
    expect((await pressable.request('/waitlist/challenge', { headers: pressed })).body.required).toBe(false);

    const altcha = await solveForSignup(challenge.body);
    const solved = message({ altcha });
    const accepted = await pressable.request('/waitlist/contact', { method: 'POST', body: solved, headers: pressed });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await storedFor(solved.email)).toHaveLength(1);
    const replayed = await pressable.request('/waitlist/contact', {
      method: 'POST',
      body: message({ altcha }),
      headers: pressed,
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('challenge_spent');
  });
});

describe('staff: the Messages screen', () => {
  const list = async (token: string, query = '') =>
    system.api.request(`/api/admin/waitlist/messages${query}`, { token });

  it('lets a viewer list (who and when, not what) and read a message, each read in the audit log', async () => {
    const written = await buildContactMessage(system.context.pool, {
      name: 'Ana Silva',
      message: 'Is Porto in the first wave?',
    });
    const sub = `viewer-${written.id}`;
    const token = await system.staff.sign('viewer', { sub });

    const page = await list(token);
    expect(page.status).toBe(200);
    const item = page.body.items.find((row: { id: number }) => row.id === Number(written.id));
    expect(item).toEqual({
      id: Number(written.id),
      name: 'Ana Silva',
      email: written.email,
      receivedAt: expect.any(String),
      handledAt: null,
    });
    expect(page.body.open).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(page.body)).not.toContain('Is Porto in the first wave?');

    const read = await system.api.request(`/api/admin/waitlist/messages/${written.id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: Number(written.id), message: 'Is Porto in the first wave?' });
    expect(read.body.mailedAt).toEqual(expect.any(String));

    const { rows } = await system.context.pool.query<{ action: string; target: string | null; actor_role: string }>(
      `select action, target, actor_role from waitlist.audit_log where actor_sub = $1 order by id`,
      [sub],
    );
    expect(rows).toEqual([
      { action: 'messages.list', target: null, actor_role: 'viewer' },
      { action: 'message.read', target: written.id, actor_role: 'viewer' },
    ]);
    // The audit trail's "reads" filter shows them with the other reads of personal data.
    const reads = await system.api.request('/api/admin/waitlist/audit?kind=reads&limit=100', {
      token: await system.staff.sign('admin'),
    });
    expect(reads.body.items.filter((row: { actorSub: string }) => row.actorSub === sub)).toHaveLength(2);
  });

  it('lets an admin mark a message handled and open it again, audited; a viewer may not', async () => {
    const written = await buildContactMessage(system.context.pool);
    const viewer = await system.staff.sign('viewer');
    const refused = await system.api.request(`/api/admin/waitlist/messages/${written.id}/handled`, {
      method: 'POST',
      body: { handled: true },
      token: viewer,
    });
    expect(refused.status).toBe(403);

    const sub = `admin-${written.id}`;
    const admin = await system.staff.sign('admin', { sub });
    const handled = await system.api.request(`/api/admin/waitlist/messages/${written.id}/handled`, {
      method: 'POST',
      body: { handled: true },
      token: admin,
    });
    expect(handled.status).toBe(200);
    expect(handled.body.handledAt).toEqual(expect.any(String));
    const open = await list(admin, '?state=open&limit=100');
    expect(open.body.items.map((row: { id: number }) => row.id)).not.toContain(Number(written.id));
    const done = await list(admin, '?state=handled&limit=100');
    expect(done.body.items.map((row: { id: number }) => row.id)).toContain(Number(written.id));

    const reopened = await system.api.request(`/api/admin/waitlist/messages/${written.id}/handled`, {
      method: 'POST',
      body: { handled: false },
      token: admin,
    });
    expect(reopened.body.handledAt).toBeNull();
    const { rows } = await system.context.pool.query<{ action: string; target: string }>(
      `select action, target from waitlist.audit_log where actor_sub = $1 and action like 'message.%' order by id`,
      [sub],
    );
    expect(rows).toEqual([
      { action: 'message.handle', target: written.id },
      { action: 'message.reopen', target: written.id },
    ]);
  });

  it('answers 404 for a message that does not exist, 400 for a malformed id, 401 without a token', async () => {
    const token = await system.staff.sign('admin');
    expect((await system.api.request('/api/admin/waitlist/messages/999999999', { token })).status).toBe(404);
    expect((await system.api.request('/api/admin/waitlist/messages/abc', { token })).status).toBe(400);
    expect((await system.api.request('/api/admin/waitlist/messages')).status).toBe(401);
    const handled = await system.api.request('/api/admin/waitlist/messages/999999999/handled', {
      method: 'POST',
      body: { handled: true },
      token,
    });
    expect(handled.status).toBe(404);
  });

  it('lets an admin erase a message at once, its mail row with it', async () => {
    const written = await buildContactMessage(system.context.pool);
    const erased = await system.api.request(`/api/admin/waitlist/messages/${written.id}`, {
      method: 'DELETE',
      token: await system.staff.sign('admin'),
    });
    expect(erased.status).toBe(204);
    expect(await storedFor(written.email)).toEqual([]);
    const { rows } = await system.context.pool.query('select 1 from waitlist.outbox where id = $1', [written.outboxId]);
    expect(rows).toEqual([]);
  });
});

describe('retention of contact messages', () => {
  it('erases messages older than CONTACT_RETENTION_DAYS, handled or not, with their mail rows; keeps later ones', async () => {
    const old = await buildContactMessage(system.context.pool, { receivedAt: daysAgo(31) });
    const oldHandled = await buildContactMessage(system.context.pool, {
      receivedAt: daysAgo(40),
      handledAt: daysAgo(39),
    });
    const recent = await buildContactMessage(system.context.pool, { receivedAt: daysAgo(29) });

    const counts = await system.worker.worker.retention.runOnce();
    expect(counts.contactMessages).toBeGreaterThanOrEqual(2);

    expect(await storedFor(old.email)).toEqual([]);
    expect(await storedFor(oldHandled.email)).toEqual([]);
    expect(await storedFor(recent.email)).toHaveLength(1);
    const { rows } = await system.context.pool.query<{ id: string }>(
      'select id from waitlist.outbox where id = any($1::bigint[])',
      [[old.outboxId, oldHandled.outboxId, recent.outboxId]],
    );
    expect(rows.map((row) => row.id)).toEqual([recent.outboxId]);
    const purge = await system.context.pool.query<{ details: { contactMessages: number } }>(
      `select details from waitlist.audit_log where action = 'retention.purge' order by id desc limit 1`,
    );
    expect(purge.rows[0]?.details.contactMessages).toBeGreaterThanOrEqual(2);
  });
});
