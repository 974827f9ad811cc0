import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, signIn } from '../../services/auth/src/testing/auth-harness.js';
import { SmtpSink } from '../support/index.js';
import { request, type Answer } from '../support/http.js';
import { sleep } from './support/timing.js';
import { SecretWatch } from './support/secrets.js';
import { STAFF_ENDPOINTS } from './support/staff-endpoints.js';
import { staffOf, startSystem, type System } from './support/system.js';
import { uniqueEmail } from '../support/unique-email.js';

/** Runs per endpoint: thousands of inputs over the whole API, a few seconds per endpoint. */
const RUNS = Number(process.env.FAULT_FUZZ_RUNS ?? 1000);

let sink: SmtpSink;
let system: System;
let admin: string;
const secrets = new SecretWatch();
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
let requests = 0;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  system = await startSystem({
    sink,
    apiEnv: { SIGNUP_RATE_LIMIT: '1000000', CONTACT_RATE_LIMIT: '1000000' },
    authEnv: { LOGIN_IP_MAX_FAILS: '1000000', LOGIN_ACCOUNT_MAX_FAILS: '1000000', LOGIN_ACCOUNT_HOURLY_MAX: '1000000' },
  });
  const staff = await staffOf(system);
  admin = staff.admin.token;
  secrets.add(staff.admin.password, staff.viewer.password, admin, staff.viewer.token);
});

afterAll(async () => {
  if (system) {
    expect(secrets.leakedIn(system.logs(), sink.messages)).toEqual([]);
  }
  await system?.close();
  await sink?.close();
  console.info(`fuzz: ${requests} requests`);
});

/** Things only a server's insides would say: stack frames, file paths, driver and SQL messages. */
const INTERNALS = [
  /\bat [\w.<>$]+ \(/,
  /node_modules/,
  /\/work\/|\/src\/|\.ts:\d+|\.js:\d+/,
  /\b(TypeError|ReferenceError|SyntaxError|RangeError):/,
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT/,
  /\b(select|insert|update|delete) .* (from|into|set)\b/i,
  // Whole words, case kept: the answers of secret-issuing endpoints (a TOTP secret in base32, a passkey challenge in
  // base64url) are random letters that spell 'ZOD', 'Express' or 'pg_ost3l9dA...' now and then without leaking
  // anything; Postgres's own names (pg_catalog, pg_sleep) are lower-case words.
  /\bpg_[a-z_]+\b|relation ".*" does not exist|duplicate key value/,
  /\bZodError\b|\bzod\b|\bexpress\b|\bbody-parser\b/,
];

/** Query values arrive percent-encoded; an answer may echo them decoded (a redirect's Location, say). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function problemsWith(answer: Answer, sent: string): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  const echoes = (pattern: RegExp) => pattern.test(sent) || pattern.test(decoded(sent));
  for (const pattern of INTERNALS)
    if (pattern.test(answer.text) && !echoes(pattern)) problems.push(`body matches ${pattern}`);
  return problems;
}

async function exchange(path: string, options: Parameters<typeof request>[2], sentText: string): Promise<void> {
  requests++;
  const answer = await request(system.gateway.url, path, options);
  const problems = problemsWith(answer, sentText);
  if (problems.length)
    throw new Error(`${options?.method ?? 'GET'} ${path} → ${problems.join(', ')}: ${answer.text.slice(0, 300)}`);
}

// ---- input generators ------------------------------------------------------------------------------------------

const nasty = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '\r\nBcc: victim@example.org',
  '\u0000',
  '\u2028',
  '\ud800',
  '😀'.repeat(50),
  "' or 1=1 --",
  '${7*7}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'NaN',
  '-1',
  '1e309',
);
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  nasty,
  fc.string({ minLength: 1000, maxLength: 3500 }),
);
const leaf = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), nasty), tie('node'), { maxKeys: 4 }),
  ),
})).node;

/** A body for an endpoint that expects `fields`: the right names with wrong values, extra and poisonous keys. */
const bodyFor = (fields: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(fields.map((field) => [field, value])), { requiredKeys: [] }),
    fc.record(Object.fromEntries(fields.map((field) => [field, text])), { requiredKeys: [] }),
    value,
  );

const rawBody = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    '[]',
    'null',
    '"x"',
    '{',
    '{"email":',
  ),
  fc.integer({ min: 100, max: 3000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 100, max: 1000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  'application/json, text/plain',
);

/** Percent-encodes any string, lone surrogates included (they become U+FFFD, as a browser would send them). */
const pct = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
/** Query values: properly encoded, or raw percent garbage (invalid UTF-8, truncated escapes). */
const queryValue = fc.oneof(
  text.map(pct),
  fc.constantFrom('%', '%zz', '%ff%fe', '%c0%af', '%00', '%e2%80%a8', 'a&b=c', '[]', '%5B%5D'),
);

const wire = (body: unknown) => {
  const serialised = JSON.stringify(body);
  return serialised === undefined ? 'null' : serialised;
};

// ---- endpoints -------------------------------------------------------------------------------------------------

const PUBLIC: { path: string; fields: string[] }[] = [
  { path: '/waitlist', fields: ['email', 'referralSource'] },
  { path: '/waitlist/confirm', fields: ['token'] },
  { path: '/waitlist/resend', fields: ['token'] },
  { path: '/waitlist/unsubscribe', fields: ['token'] },
  { path: '/waitlist/contact', fields: ['name', 'email', 'message'] },
  { path: '/api/admin/login', fields: ['email', 'password'] },
];

const FIELDS: Record<string, string[]> = {
  '/api/admin/me/password': ['currentPassword', 'newPassword'],
  '/api/admin/staff': ['email', 'password', 'role'],
  '/api/admin/staff/': ['role', 'disabled'],
};

describe('property-based fuzzing through the gateway', () => {
  it.each(PUBLIC)('$path: no 5xx and nothing internal, whatever the JSON body', async ({ path, fields }) => {
    await fc.assert(
      fc.asyncProperty(bodyFor(fields), async (body) => {
        const sent = wire(body);
        await exchange(path, { method: 'POST', body: sent, headers: { 'content-type': 'application/json' } }, sent);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(PUBLIC)('$path: no 5xx and nothing internal, whatever the bytes and content type', async ({ path }) => {
    await fc.assert(
      fc.asyncProperty(rawBody, contentType, async (body, type) => {
        await exchange(path, { method: 'POST', body, headers: type ? { 'content-type': type } : {} }, body);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it('GET /waitlist/unsubscribe and the one-click form: no 5xx, whatever the query', async () => {
    await fc.assert(
      fc.asyncProperty(queryValue, text, async (token, form) => {
        const query = `?token=${token}`;
        await exchange(`/waitlist/unsubscribe${query}`, { method: 'GET' }, token);
        await exchange(
          `/waitlist/unsubscribe${query}`,
          { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          token + form,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it.each(STAFF_ENDPOINTS.filter((e) => !e.path.endsWith('/logout')))(
    '$method $path (with a genuine admin token): no 5xx and nothing internal, whatever the query, id or body',
    async (endpoint) => {
      const fields = FIELDS[endpoint.path.replace(/[0-9a-f-]{36}$/, '')] ?? ['status', 'q', 'limit', 'cursor'];
      await fc.assert(
        fc.asyncProperty(bodyFor(fields), queryValue, queryValue, async (body, param, id) => {
          const base = endpoint.path.split('?')[0] ?? endpoint.path;
          const withId = base.replace(/\/(1|[0-9a-f-]{36})(?=\/|$)/, `/${id}`);
          const path = `${withId}?status=${param}&q=${param}&limit=${param}&cursor=${param}&from=${param}&to=2026-01-01&order=${param}`;
          const sent = wire(body);
          const hasBody = endpoint.method === 'POST' || endpoint.method === 'PATCH';
          await exchange(
            path,
            {
              method: endpoint.method,
              headers: { authorization: `Bearer ${admin}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
              body: hasBody ? sent : undefined,
            },
            sent + param + id,
          );
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('leaves Object.prototype untouched', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('body limits and content types', () => {
  const posts = [...PUBLIC.map((p) => ({ method: 'POST', path: p.path })), ...STAFF_ENDPOINTS.filter((e) => e.body)];
  // The contact form takes a message of a few paragraphs: its limit is 32 kB (below).
  const small = posts.filter(({ path }) => path !== '/waitlist/contact');

  it.each(small)('$method $path answers 413 JSON over the 4 kB limit', async ({ method, path }) => {
    const answer = await request(system.gateway.url, path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(5000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ success: false });
  });

  it('POST /waitlist/contact answers 413 JSON over its 32 kB limit', async () => {
    const answer = await request(system.gateway.url, '/waitlist/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Jane', email: 'a@example.com', message: 'x'.repeat(40_000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ success: false });
  });

  it.each(posts)('$method $path answers 415 JSON to a body that is not JSON', async ({ method, path }) => {
    const answer = await request(system.gateway.url, path, {
      method,
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${admin}` },
      body: 'email=a@example.com',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ success: false });
  });
});

describe('mail header injection', () => {
  const injected = fc
    .tuple(
      fc.constantFrom(
        '\r\n',
        '\n',
        '\r',
        '\r\nBcc: victim@example.org\r\n',
        '%0d%0aBcc:victim@example.org',
        '\u2028',
        '\u0085',
      ),
      fc.nat(30),
    )
    .map(([breaker, at]) => {
      const email = uniqueEmail('inj');
      const position = at % (email.length + 1);
      return { email: email.slice(0, position) + breaker + email.slice(position), breaker };
    });

  it('a line break anywhere in the address or referral code is refused with 400', async () => {
    await fc.assert(
      fc.asyncProperty(injected, fc.boolean(), async ({ email, breaker }, inReferral) => {
        const body = inReferral ? { email: uniqueEmail('ok'), referralSource: `FRIEND${breaker}X` } : { email };
        requests++;
        const answer = await request(system.gateway.url, '/waitlist', { method: 'POST', body });
        // %0d%0a is no line break, just odd characters an address may not hold: refused as well.
        expect(answer.status, `${JSON.stringify(body)} → ${answer.text}`).toBe(400);
      }),
      { numRuns: RUNS },
    );
  });

  it("a line break anywhere in a contact message's name (its Reply-To and subject) or address is refused with 400", async () => {
    await fc.assert(
      fc.asyncProperty(injected, fc.boolean(), async ({ email, breaker }, inName) => {
        const body = inName
          ? { name: `Jane${breaker}Doe`, email: uniqueEmail('ok'), message: 'Hello' }
          : { name: 'Jane Doe', email, message: 'Hello' };
        requests++;
        const answer = await request(system.gateway.url, '/waitlist/contact', { method: 'POST', body });
        // In the name, %0d%0a is only odd text (no line break); everything else is refused.
        if (inName && breaker.startsWith('%')) expect(answer.status, answer.text).toBe(200);
        else expect(answer.status, `${JSON.stringify(body)} → ${answer.text}`).toBe(400);
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });

  it('every message the worker sent during this file has exactly one recipient', async () => {
    const account = await createStaff(system.auth, { role: 'viewer' });
    secrets.add(account.password, await signIn(system.auth, account));
    const email = uniqueEmail('one-recipient');
    expect((await request(system.gateway.url, '/waitlist', { method: 'POST', body: { email } })).status).toBe(200);
    await sink.waitFor((messages) => messages.some((mail) => mail.envelope.to.includes(email)), 20_000);
    await sleep(500);
    expect(sink.messages.length).toBeGreaterThan(0);
    for (const mail of sink.messages) {
      expect(mail.envelope.to).toHaveLength(1);
      expect(mail.parsed.cc).toBeUndefined();
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.raw).not.toMatch(/^bcc:/im);
    }
  });
});
