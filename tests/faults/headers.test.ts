import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Answer, type RequestOptions } from '../support/http.js';
import { SecretWatch } from './support/secrets.js';
import { staffOf, startSystem, type System } from './support/system.js';
import { uniqueEmail } from '../support/unique-email.js';

/** nginx stands in as 127.0.0.2: the only peer whose X-Forwarded-Proto the gateway believes. */
const NGINX = '127.0.0.2';

let system: System;
let staff: Awaited<ReturnType<typeof staffOf>>;
const secrets = new SecretWatch();

beforeAll(async () => {
  system = await startSystem({ trustedProxies: [NGINX] });
  staff = await staffOf(system);
  secrets.add(staff.admin.password, staff.admin.token, staff.viewer.token);
});

afterAll(async () => {
  if (system) expect(secrets.leakedIn(system.logs())).toEqual([]);
  await system?.close();
});

/** Answers of every kind the system gives: pages, API successes and each error status. */
function requests(): [string, string, RequestOptions, number][] {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return [
    ['a page', '/', {}, 200],
    ['a missing page', '/no-such-page', {}, 404],
    ['an unknown API path', '/api/nothing', { method: 'POST' }, 404],
    ['a sign-up', '/waitlist', { method: 'POST', body: { email: uniqueEmail('headers') } }, 200],
    ['a bad sign-up', '/waitlist', { method: 'POST', body: { email: 'nope' } }, 400],
    [
      'a non-JSON sign-up',
      '/waitlist',
      { method: 'POST', body: 'email=a', headers: { 'content-type': 'text/plain' } },
      415,
    ],
    ['an oversized sign-up', '/waitlist', { method: 'POST', body: { email: 'x'.repeat(5000) } }, 413],
    [
      'a wrong password',
      '/api/admin/login',
      { method: 'POST', body: { email: staff.admin.email, password: 'wrong password!' } },
      401,
    ],
    ['staff data without a token', '/api/admin/staff', {}, 401],
    ['staff data for the wrong role', '/api/admin/staff', { headers: bearer(staff.viewer.token) }, 403],
    ['staff data', '/api/admin/staff', { headers: bearer(staff.admin.token) }, 200],
    ['waitlist staff data', '/api/admin/waitlist/stats', { headers: bearer(staff.viewer.token) }, 200],
    ['waitlist staff export', '/api/admin/waitlist/entries.csv', { headers: bearer(staff.admin.token) }, 200],
    ['a verify', '/api/admin/verify', { headers: bearer(staff.viewer.token) }, 200],
    ['a wrong method on an API path', '/api/admin/login', { method: 'DELETE' }, 404],
    ['the JWKS', '/api/admin/jwks.json', {}, 200],
  ];
}

function expectHardened(answer: Answer, label: string) {
  const h = answer.headers;
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, label).toMatch(/object-src 'none'/);
  expect(csp, label).toMatch(/base-uri 'none'/);
  expect(csp, label).toMatch(/frame-ancestors 'none'/);
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toBeTruthy();
  expect(h['x-powered-by'], label).toBeUndefined();
  // No product or version banner, from the gateway or passed through from a service.
  expect(String(h.server ?? ''), label).not.toMatch(/\d|express|node|nginx/i);
  expect(h['access-control-allow-origin'], label).toBeUndefined();
  expect(h['access-control-allow-credentials'], label).toBeUndefined();
}

describe('security headers on every answer, errors included', () => {
  it('CSP, nosniff, Referrer-Policy, no banners; staff answers are not stored; no HSTS over plain http', async () => {
    for (const [label, path, options, status] of requests()) {
      const answer = await request(system.gateway.url, path, options);
      expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBe(status);
      expectHardened(answer, label);
      if (path.startsWith('/api/admin')) expect(answer.headers['cache-control'], label).toMatch(/no-store/);
      expect(answer.headers['strict-transport-security'], label).toBeUndefined();
    }
  });

  it('HSTS on every answer when a trusted proxy says the request came over TLS', async () => {
    for (const [label, path, options, status] of requests()) {
      const answer = await request(system.gateway.url, path, {
        ...options,
        localAddress: NGINX,
        headers: { ...options.headers, 'x-forwarded-proto': 'https' },
      });
      expect(answer.status, label).toBe(status);
      expectHardened(answer, label);
      expect(answer.headers['strict-transport-security'], label).toMatch(/max-age=\d{7,}/);
    }
  });

  it('a client claiming TLS itself gets no HSTS (it cannot make the gateway pin a scheme)', async () => {
    const answer = await request(system.gateway.url, '/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  it.each(['https://evil.example', 'null', 'http://localhost:8080.evil.example'])(
    'Origin %s gets no allow header, not even on a preflight',
    async (origin) => {
      const asked = [
        await request(system.gateway.url, '/api/admin/staff', {
          headers: { origin, authorization: `Bearer ${staff.admin.token}` },
        }),
        await request(system.gateway.url, '/waitlist', {
          method: 'POST',
          headers: { origin },
          body: { email: uniqueEmail('cors') },
        }),
        await request(system.gateway.url, '/api/admin/login', {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, authorization',
          },
        }),
        await request(system.gateway.url, '/waitlist', {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        }),
      ];
      for (const answer of asked) {
        expect(answer.status).toBeLessThan(500);
        expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-allow'))).toEqual([]);
      }
    },
  );
});
