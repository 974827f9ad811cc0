import type { Answer } from '@mmdm/tests/support';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

/**
 * The lean sign-up route (signup.lean-route.ts) stands in front of Express by leaning on its internals: it replaces
 * `app.handle`, reads the `trust proxy fn` setting and sets a fake `req.route` on what it hands back. These tests hold
 * it to the plain Express route over a corpus of requests: the status, the body byte for byte and every header but
 * the date and the request id (the ones that matter most: Content-Type, Content-Length, Cache-Control, Retry-After
 * and the security headers). An Express upgrade that breaks one of those internals shows here; what the fake
 * `req.route` is for (failures counted under the route's label) is held by signup.lean-route.test.ts.
 *
 * Both routes are the app's own: the lean route takes `Content-Type: application/json` exactly, and the same request
 * spelled `application/json;charset=utf-8` (which it leaves alone) reaches the Express route with the same meaning.
 */

const RATE_LIMIT = 3;
const system = useWaitlistApi({ env: { SIGNUP_RATE_LIMIT: String(RATE_LIMIT) } });

const LEAN = 'application/json';
const EXPRESS = 'application/json;charset=utf-8';

/** Each request of the corpus comes from a client of its own (the gateway's X-Forwarded-For, trusted from loopback). */
let clients = 0;
const nextClient = () => {
  clients += 1;
  return `203.0.113.${clients}`;
};

const send = (raw: string, contentType: string, client: string) =>
  system.api.request('/waitlist', {
    method: 'POST',
    body: raw,
    headers: { 'content-type': contentType, 'x-forwarded-for': client },
  });

/** Every header but those that differ per answer (date, request id); Retry-After is compared on its own. */
function comparableHeaders(answer: Answer): Answer['headers'] {
  const { date: _date, 'x-request-id': _id, 'retry-after': _retry, ...headers } = answer.headers;
  return headers;
}

/** The same request by both routes, each from a fresh client. */
async function bothRoutes(raw: string): Promise<{ lean: Answer; express: Answer }> {
  const lean = await send(raw, LEAN, nextClient());
  const express = await send(raw, EXPRESS, nextClient());
  return { lean, express };
}

function expectAlike(lean: Answer, express: Answer) {
  expect(lean.status).toBe(express.status);
  expect(comparableHeaders(lean)).toEqual(comparableHeaders(express));
  expect(lean.bytes.equals(express.bytes), `${lean.text}\n!=\n${express.text}`).toBe(true);
  expect(lean.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(express.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
}

/** A JSON object exactly `bytes` long (padding in a field the schema refuses, so it is a 400 by validation). */
function objectOfLength(bytes: number): string {
  const shell = JSON.stringify({ email: 'someone@example.com', padding: '' });
  return JSON.stringify({ email: 'someone@example.com', padding: 'x'.repeat(bytes - shell.length) });
}

describe('POST /waitlist: the lean route answers as the plain Express route', () => {
  it('a valid sign-up (the same answer but for the address, which the answer repeats)', async () => {
    const [a, b] = [uniqueEmail('lean'), uniqueEmail('expr')];
    const lean = await send(JSON.stringify({ email: a }), LEAN, nextClient());
    const express = await send(JSON.stringify({ email: b }), EXPRESS, nextClient());
    expect(lean.status).toBe(200);
    expect(lean.text.replace(a, b)).toBe(express.text);
    expect(comparableHeaders(lean)).toEqual(comparableHeaders(express));
    expect(lean.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('a valid sign-up with a referral code and a byte order mark', async () => {
    const [a, b] = [uniqueEmail('leanbom'), uniqueEmail('exprbom')];
    const body = (email: string) => `\uFEFF${JSON.stringify({ email, referralSource: 'spring-fair' })}`;
    const lean = await send(body(a), LEAN, nextClient());
    const express = await send(body(b), EXPRESS, nextClient());
    expect(lean.status).toBe(200);
    expect(lean.text.replace(a, b)).toBe(express.text);
    expect(comparableHeaders(lean)).toEqual(comparableHeaders(express));
  });

  it.each([
    ['cut-off JSON', '{"email": '],
    ['a trailing comma', '{"email":"someone@example.com",}'],
    ['JSON text that is a string', '"someone@example.com"'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['JSON after whitespace', ' \n\t{"email":"someone@example.com"'],
    ['single quotes', "{'email':'someone@example.com'}"],
  ])('invalid JSON: %s', async (_what, raw) => {
    const { lean, express } = await bothRoutes(raw);
    expect(lean.status).toBe(400);
    expect(lean.body).toMatchObject({ success: false, code: 'invalid_json' });
    expectAlike(lean, express);
  });

  it.each([
    ['an address that is a number', { email: 5 }],
    ['an address in an array', { email: ['someone@example.com'] }],
    ['an address that is null', { email: null }],
    ['no address', { referralSource: 'x' }],
    ['not an address', { email: 'nope' }],
    ['a referral code that is a number', { email: 'someone@example.com', referralSource: 42 }],
    ['a proof of work that is an object', { email: 'someone@example.com', altcha: {} }],
    ['a field the form does not have', { email: 'someone@example.com', admin: true }],
    ['an array', [{ email: 'someone@example.com' }]],
  ])('wrong types: %s', async (_what, body) => {
    const { lean, express } = await bothRoutes(JSON.stringify(body));
    expect(lean.status).toBe(400);
    expectAlike(lean, express);
  });

  it('a body at the limit (4096 bytes) is judged on its content', async () => {
    const raw = objectOfLength(4096);
    expect(Buffer.byteLength(raw)).toBe(4096);
    const { lean, express } = await bothRoutes(raw);
    expect(lean.status).toBe(400);
    expectAlike(lean, express);
  });

  it('a body over the limit (4097 bytes) is refused as too large', async () => {
    const raw = objectOfLength(4097);
    const { lean, express } = await bothRoutes(raw);
    expect(lean.status).toBe(413);
    expectAlike(lean, express);
  });

  it('an empty body', async () => {
    const { lean, express } = await bothRoutes('');
    expect(lean.status).toBe(400);
    expectAlike(lean, express);
  });

  it('a client past its sign-up limit is refused with 429 and Retry-After', async () => {
    const [leanClient, expressClient] = [nextClient(), nextClient()];
    for (let i = 0; i < RATE_LIMIT; i += 1) {
      expect((await send(JSON.stringify({ email: uniqueEmail('lim') }), LEAN, leanClient)).status).toBe(200);
      expect((await send(JSON.stringify({ email: uniqueEmail('lim') }), EXPRESS, expressClient)).status).toBe(200);
    }
    const lean = await send(JSON.stringify({ email: uniqueEmail('over') }), LEAN, leanClient);
    const express = await send(JSON.stringify({ email: uniqueEmail('over') }), EXPRESS, expressClient);
    expect(lean.status).toBe(429);
    expect(lean.body).toMatchObject({ success: false, code: 'rate_limited' });
    expectAlike(lean, express);
    // Whole seconds to the window's end, counted from each client's own first sign-up: a second apart at most.
    const [leanRetry, expressRetry] = [Number(lean.headers['retry-after']), Number(express.headers['retry-after'])];
    expect(leanRetry).toBeGreaterThan(0);
    expect(Math.abs(leanRetry - expressRetry)).toBeLessThanOrEqual(1);
  });
});
