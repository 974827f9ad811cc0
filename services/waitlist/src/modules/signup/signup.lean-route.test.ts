import type { Answer } from '@mmdm/tests/support';
import { describe, expect, it } from 'vitest';
import { eventually, uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();

/** The lean route takes `application/json` exactly; this spelling (no space) is Express's route, as any other is. */
const LEAN = 'application/json';
const EXPRESS = 'application/json;charset=utf-8';

const signUp = (email: string, contentType: string) =>
  system.api.request('/waitlist', {
    method: 'POST',
    body: JSON.stringify({ email }),
    headers: { 'content-type': contentType },
  });

/** Every header but the ones that differ per answer (date, id). */
function stableHeaders(answer: Answer): Answer['headers'] {
  const { date: _date, 'x-request-id': _id, ...headers } = answer.headers;
  return headers;
}

describe('POST /waitlist by the lean route and by the Express route', () => {
  it('answers alike: status, headers and body, and both sign-ups are on the list', async () => {
    // Same length, so the Content-Length is the same too.
    const [a, b] = [uniqueEmail('lean'), uniqueEmail('expr')];
    const lean = await signUp(a, LEAN);
    const express = await signUp(b, EXPRESS);
    expect(lean.status).toBe(200);
    expect(express.status).toBe(200);
    expect(stableHeaders(lean)).toEqual(stableHeaders(express));
    expect(lean.body).toEqual({ success: true, message: 'Successfully joined the waitlist!', data: { email: a } });
    expect(lean.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const { rows } = await system.context.pool.query(
      'select email from waitlist.entries where email = any($1) order by email',
      [[a, b]],
    );
    expect(rows).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{"email": ', 400, 'invalid_json'],
    ['JSON, but not an object', '"someone@example.com"', 400, 'invalid_json'],
    ['an object without an address', '{"referralSource":"x"}', 400, 'validation_error'],
  ])('refuses a body that is %s as Express does', async (_what, raw, status, code) => {
    const lean = await system.api.request('/waitlist', {
      method: 'POST',
      body: raw,
      headers: { 'content-type': LEAN },
    });
    const express = await system.api.request('/waitlist', {
      method: 'POST',
      body: raw,
      headers: { 'content-type': EXPRESS },
    });
    expect(lean.status).toBe(status);
    expect(lean.body).toMatchObject({ success: false, code });
    expect(lean.body).toEqual(express.body);
    expect(stableHeaders(lean)).toEqual(stableHeaders(express));
  });

  it('takes a body that starts with a byte order mark, as body-parser does', async () => {
    const email = uniqueEmail('bom');
    const result = await system.api.request('/waitlist', {
      method: 'POST',
      body: `\uFEFF${JSON.stringify({ email })}`,
      headers: { 'content-type': LEAN },
    });
    expect(result.status).toBe(200);
  });

  it('writes one access line per sign-up, accepted or refused, and counts both under the route', async () => {
    const accepted = await signUp(uniqueEmail('line'), LEAN);
    const refused = await system.api.request('/waitlist', {
      method: 'POST',
      body: '{"email":"nope"}',
      headers: { 'content-type': LEAN },
    });
    expect(refused.status).toBe(400);
    for (const [answer, status] of [
      [accepted, 200],
      [refused, 400],
    ] as const) {
      const id = answer.headers['x-request-id'];
      const lines = await eventually(async () => {
        const found = system.api.logs.lines().filter((line) => line.reqId === id && line.path === '/waitlist');
        return found.length > 0 && found;
      });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ method: 'POST', status, client: '127.0.0.1' });
    }
    const metrics = (await system.api.request('/metrics')).text;
    expect(metrics).toMatch(/http_requests_total\{[^}]*route="\/waitlist"[^}]*status="200"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/http_requests_total\{[^}]*route="\/waitlist"[^}]*status="400"[^}]*\} [1-9]/);
  });
});
