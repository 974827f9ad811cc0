import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createFakeSite, type FakeSite } from '../test/support/fake-site.js';
import { request, type Answer } from '@mmdm/tests/support';
import { startGateway, type RunningGateway } from '../test/support/start-gateway.js';
import { freePort, startStubUpstream, type SeenRequest, type StubUpstream } from '../test/support/stub-upstream.js';
import { CONTENT_SECURITY_POLICY } from './http/security-headers.js';

let site: FakeSite;
let auth: StubUpstream;
let waitlist: StubUpstream;
let gateway: RunningGateway;

beforeAll(async () => {
  site = createFakeSite();
  [auth, waitlist] = await Promise.all([startStubUpstream('auth'), startStubUpstream('waitlist')]);
  gateway = await startGateway({ siteDir: site.dir, auth: auth.url, waitlist: waitlist.url, proxyTimeoutMs: 400 });
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([auth?.close(), waitlist?.close()]);
  site?.remove();
});

const echoed = (result: Answer) => result.body as SeenRequest & { upstream: string };

function expectSecurityHeaders(result: Answer) {
  expect(result.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(result.headers['content-security-policy']).not.toMatch(/unsafe-(inline|eval)/);
  expect(result.headers['x-content-type-options']).toBe('nosniff');
  expect(result.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(result.headers['x-frame-options']).toBe('DENY');
  expect(result.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(result.headers['permissions-policy']).toContain('camera=()');
  expect(result.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  expect(result.headers['x-powered-by']).toBeUndefined();
  expect(result.headers['server']).toBeUndefined();
  expect(result.headers['access-control-allow-origin']).toBeUndefined();
  // Plain http from an untrusted peer: HSTS would be meaningless.
  expect(result.headers['strict-transport-security']).toBeUndefined();
}

describe('routing', () => {
  it.each([
    ['POST', '/waitlist', 'waitlist'],
    ['POST', '/waitlist/confirm', 'waitlist'],
    ['POST', '/waitlist/unsubscribe?token=abc', 'waitlist'],
    ['GET', '/waitlist/unsubscribe?token=abc', 'waitlist'],
    ['GET', '/api/admin/waitlist/entries?status=pending', 'waitlist'],
    ['DELETE', '/api/admin/waitlist/entries/42', 'waitlist'],
    ['POST', '/api/admin/login', 'auth'],
    ['GET', '/api/admin/staff', 'auth'],
    ['PATCH', '/api/admin/staff/7', 'auth'],
    ['GET', '/api/admin/jwks.json', 'auth'],
  ])('%s %s goes to the %s service, path and query unchanged', async (method, path, upstream) => {
    const result = await request(gateway.url, path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{"a":1}',
    });
    expect(result.status).toBe(200);
    const seen = echoed(result);
    expect(seen.upstream).toBe(upstream);
    expect(seen.method).toBe(method);
    expect(seen.url).toBe(path);
    if (method !== 'GET') expect(seen.body).toBe('{"a":1}');
  });

  it('answers an unknown API path with a JSON 404 and calls no service', async () => {
    const before = auth.seen.length + waitlist.seen.length;
    const result = await request(gateway.url, '/api/nothing-here', { method: 'POST' });
    expect(result.status).toBe(404);
    expect(result.headers['content-type']).toMatch(/^application\/json/);
    expect(result.body).toMatchObject({ success: false, code: 'not_found' });
    expect(auth.seen.length + waitlist.seen.length).toBe(before);
    expectSecurityHeaders(result);
  });

  it('logs a refused request at info, as every service does: a 4xx is the client’s mistake', async () => {
    const result = await request(gateway.url, '/api/nothing-logged-here', { method: 'POST' });
    expect(result.status).toBe(404);
    await expect
      .poll(() => gateway.logs.lines().find((line) => line.path === '/api/nothing-logged-here'))
      .toMatchObject({ level: 'info', msg: 'request refused', status: 404 });
  });

  it('serves GET /waitlist as the sign-up page, not as an API call', async () => {
    const result = await request(gateway.url, '/waitlist');
    expect(result.status).toBe(200);
    expect(result.text).toContain('<h1>Join the waitlist</h1>');
  });

  it('refuses other methods on a page with a JSON 405 naming the allowed ones', async () => {
    const result = await request(gateway.url, '/about', { method: 'PUT' });
    expect(result.status).toBe(405);
    expect(result.headers.allow).toBe('GET, HEAD');
    expect(result.body).toMatchObject({ success: false, code: 'method_not_allowed' });
    expectSecurityHeaders(result);

    const onWaitlist = await request(gateway.url, '/waitlist', { method: 'DELETE' });
    expect(onWaitlist.status).toBe(405);
    expect(onWaitlist.headers.allow).toBe('GET, HEAD, POST');
  });
});

describe('the web build', () => {
  it('serves a known page as HTML that browsers revalidate', async () => {
    const result = await request(gateway.url, '/about');
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(result.headers['cache-control']).toBe('no-cache');
    expect(result.text).toContain('<h1>About</h1>');
    expectSecurityHeaders(result);
  });

  it('ignores a trailing slash on a page path', async () => {
    const result = await request(gateway.url, '/about/');
    expect(result.status).toBe(200);
    expect(result.text).toContain('<h1>About</h1>');
  });

  it('serves the staff shell for /admin and every path under it', async () => {
    for (const path of ['/admin', '/admin/', '/admin/staff/12']) {
      const result = await request(gateway.url, path);
      expect(result.status, path).toBe(200);
      expect(result.text).toContain('<div id="root"></div>');
      expect(result.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an unknown page with the not-found page and status 404', async () => {
    for (const path of [
      '/no-such-page',
      '/about/index.html',
      '/routes.json',
      '/.secret',
      '/assets/app-3f9a1c.js.br',
      '/%E0%A4%A',
    ]) {
      const result = await request(gateway.url, path);
      expect(result.status, path).toBe(404);
      expect(result.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(result.text).toContain('<h1>Page not found</h1>');
      expectSecurityHeaders(result);
    }
  });

  it('sends hashed assets as immutable, brotli when the browser takes it, gzip otherwise', async () => {
    const br = await request(gateway.url, site.assetPath, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(site.assetBody);
    expectSecurityHeaders(br);

    const gzip = await request(gateway.url, site.assetPath, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(site.assetBody);

    const plain = await request(gateway.url, site.assetPath);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(site.assetBody);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(site.assetBody));

    const refused = await request(gateway.url, site.assetPath, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('answers a repeated asset request carrying its ETag with 304 and no body', async () => {
    const first = await request(gateway.url, site.assetPath, { headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await request(gateway.url, site.assetPath, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expectSecurityHeaders(again);
    // A gzip copy is a different representation: its ETag differs, so a cached brotli body is not reused for it.
    const gzip = await request(gateway.url, site.assetPath, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(gzip.status).toBe(200);
  });

  it('compresses pages the build did not precompress', async () => {
    const result = await request(gateway.url, '/', { headers: { 'accept-encoding': 'br' } });
    expect(result.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(result.bytes).toString('utf8')).toContain('<h1>Home</h1>');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const result = await request(gateway.url, '/about', { method: 'HEAD' });
    expect(result.status).toBe(200);
    expect(Number(result.headers['content-length'])).toBeGreaterThan(0);
    expect(result.bytes.length).toBe(0);
  });

  it('serves public files such as robots.txt by their path', async () => {
    const result = await request(gateway.url, '/robots.txt');
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(result.text).toContain('Disallow: /admin');
  });
});

describe('proxied answers', () => {
  it('carry our security headers instead of the service banner, CORS grant and CSP', async () => {
    const result = await request(gateway.url, '/waitlist', { method: 'POST', body: '{}' });
    expect(result.headers['x-upstream']).toBe('waitlist');
    expectSecurityHeaders(result);
  });

  it('are never cacheable for staff paths, whatever the service says', async () => {
    const staff = await request(gateway.url, '/api/admin/staff');
    expect(staff.headers['cache-control']).toBe('no-store');
    const publicCall = await request(gateway.url, '/waitlist/confirm', { method: 'POST', body: '{}' });
    expect(publicCall.headers['cache-control']).toBe('public, max-age=600');
  });

  it('reuse warm connections to the services instead of opening one per request', async () => {
    const before = auth.connections();
    for (let i = 0; i < 10; i += 1) await request(gateway.url, '/api/admin/me');
    expect(auth.connections() - before).toBeLessThanOrEqual(1);
  });

  it('do not pass hop-by-hop or client-made forwarding headers on', async () => {
    const result = await request(gateway.url, '/api/admin/me', {
      headers: {
        'x-real-ip': '6.6.6.6',
        forwarded: 'for=6.6.6.6',
        'x-forwarded-port': '1',
        connection: 'keep-alive, x-secret',
        'x-secret': 'drop me',
      },
    });
    const { headers } = echoed(result);
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-forwarded-port']).toBeUndefined();
    expect(headers['x-secret']).toBeUndefined();
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(`127.0.0.1:${gateway.port}`);
  });
});

describe('both lanes (fast: public calls and the key set; full: the rest of the staff API) forward alike', () => {
  const lanes = [
    ['fast', '/waitlist/echo'],
    ['full', '/api/admin/me'],
  ] as const;

  it.each(lanes)(
    '%s lane: no hop-by-hop or client-made forwarding headers, ours set, the id passed on',
    async (_lane, path) => {
      const result = await request(gateway.url, path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': '203.0.113.9',
          'x-real-ip': '6.6.6.6',
          forwarded: 'for=6.6.6.6',
          connection: 'keep-alive, x-secret',
          'x-secret': 'drop me',
          te: 'trailers',
          'x-request-id': 'client-chosen-0002',
        },
        body: '{"a":1}',
      });
      expect(result.status).toBe(200);
      const { headers, body } = echoed(result);
      expect(body).toBe('{"a":1}');
      for (const name of ['x-real-ip', 'forwarded', 'x-secret', 'te']) expect(headers[name]).toBeUndefined();
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-forwarded-proto']).toBe('http');
      expect(headers['x-forwarded-host']).toBe(`127.0.0.1:${gateway.port}`);
      expect(headers['x-request-id']).toBe(result.headers['x-request-id']);
      expect(headers['x-request-id']).not.toBe('client-chosen-0002');
      expectSecurityHeaders(result);
    },
  );

  it.each(lanes)('%s lane: a large body and a chunked body arrive whole', async (_lane, path) => {
    const large = JSON.stringify({ pad: 'x'.repeat(64 * 1024) });
    const sized = await request(gateway.url, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: large,
    });
    expect(echoed(sized).body).toBe(large);
    const raw = await rawExchange(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\n{"a\r\n4\r\n":1}\r\n0\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1.1 200 /);
    expect(raw).toContain('"body":"{\\"a\\":1}"');
  });

  it('fast lane: reuses warm connections to the service', async () => {
    const before = waitlist.connections();
    for (let i = 0; i < 10; i += 1) await request(gateway.url, '/waitlist/echo', { method: 'POST', body: '{}' });
    expect(waitlist.connections() - before).toBeLessThanOrEqual(1);
  });

  it("fast lane: the key set keeps the staff API's no-store, whatever the service says", async () => {
    const result = await request(gateway.url, '/api/admin/jwks.json');
    expect(result.status).toBe(200);
    expect(echoed(result).upstream).toBe('auth');
    expect(result.headers['cache-control']).toBe('no-store');
  });

  it('fast lane: HEAD gets the head alone', async () => {
    const result = await request(gateway.url, '/waitlist/confirm?token=abc', { method: 'HEAD' });
    expect(result.status).toBe(200);
    expect(result.headers['x-upstream']).toBe('waitlist');
    expect(result.bytes.length).toBe(0);
  });
});

describe('request ids', () => {
  it('keeps a well-formed id from a trusted proxy, returns it and passes it to the service and the log', async () => {
    const trusting = await startGateway({
      siteDir: site.dir,
      auth: auth.url,
      waitlist: waitlist.url,
      trustedProxies: ['loopback'],
    });
    try {
      const result = await request(trusting.url, '/api/admin/me', { headers: { 'x-request-id': 'nginx-req-0001' } });
      expect(result.headers['x-request-id']).toBe('nginx-req-0001');
      expect(echoed(result).headers['x-request-id']).toBe('nginx-req-0001');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(trusting.logs.lines().some((line) => line.reqId === 'nginx-req-0001' && line.status === 200)).toBe(true);
    } finally {
      await trusting.close();
    }
  });

  it('replaces an id sent by a client that is not a trusted proxy, in the answer, the service call and the log', async () => {
    const result = await request(gateway.url, '/api/admin/me', { headers: { 'x-request-id': 'client-chosen-0001' } });
    const id = String(result.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(echoed(result).headers['x-request-id']).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gateway.logs.lines().some((line) => line.reqId === 'client-chosen-0001')).toBe(false);
  });

  it('replaces a malformed id even from a trusted proxy', async () => {
    const trusting = await startGateway({
      siteDir: site.dir,
      auth: auth.url,
      waitlist: waitlist.url,
      trustedProxies: ['loopback'],
    });
    try {
      const result = await request(trusting.url, '/api/admin/me', {
        headers: { 'x-request-id': 'bad id\twith "quotes"' },
      });
      const id = String(result.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(echoed(result).headers['x-request-id']).toBe(id);
    } finally {
      await trusting.close();
    }
  });

  it('makes one when none came, on pages too', async () => {
    const [a, b] = await Promise.all([request(gateway.url, '/'), request(gateway.url, '/')]);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('client address', () => {
  it('ignores a client-sent X-Forwarded-For when the peer is not a trusted proxy', async () => {
    const result = await request(gateway.url, '/api/admin/me', {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    const { headers } = echoed(result);
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(result.headers['strict-transport-security']).toBeUndefined();
  });

  it('believes a trusted proxy, forwarding only the client address and sending HSTS for https', async () => {
    const trusting = await startGateway({
      siteDir: site.dir,
      auth: auth.url,
      waitlist: waitlist.url,
      trustedProxies: ['loopback'],
    });
    try {
      const result = await request(trusting.url, '/api/admin/me', {
        headers: {
          'x-forwarded-for': '198.51.100.7, 127.0.0.1',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'meetmatchdatemarry.com',
        },
      });
      const { headers } = echoed(result);
      expect(headers['x-forwarded-for']).toBe('198.51.100.7');
      expect(headers['x-forwarded-proto']).toBe('https');
      expect(headers['x-forwarded-host']).toBe('meetmatchdatemarry.com');
      expect(result.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await trusting.close();
    }
  });
});

describe('when a service is down or slow', () => {
  it('answers a JSON 503 with a plain message when nothing listens', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const down = await startGateway({ siteDir: site.dir, auth: nowhere, waitlist: nowhere });
    try {
      const result = await request(down.url, '/waitlist', { method: 'POST', body: '{}' });
      expect(result.status).toBe(503);
      expect(result.body).toEqual({
        success: false,
        code: 'service_unavailable',
        message: 'The service is temporarily unavailable. Please try again.',
      });
      expectSecurityHeaders(result);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(
        down.logs.lines().some((line) => line.msg === 'upstream call failed' && line.upstream === 'waitlist'),
      ).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('answers a JSON 502 when the service drops the connection without answering', async () => {
    const result = await request(gateway.url, '/waitlist/crash', { method: 'POST', body: '{}' });
    expect(result.status).toBe(502);
    expect(result.body).toEqual({
      success: false,
      code: 'service_unavailable',
      message: 'The service is temporarily unavailable. Please try again.',
    });
    expectSecurityHeaders(result);
  });

  it('answers a JSON 504 once PROXY_TIMEOUT_MS has passed without an answer', async () => {
    const started = Date.now();
    const result = await request(gateway.url, '/waitlist/slow', { method: 'POST', body: '{}' });
    const elapsed = Date.now() - started;
    expect(result.status).toBe(504);
    expect(result.body).toMatchObject({ success: false, code: 'gateway_timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(3000);
    expectSecurityHeaders(result);
  });
});

describe('GET /healthz', () => {
  it('is 200 when both services are ready', async () => {
    const result = await request(gateway.url, '/healthz');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'ok', services: { auth: 'ok', waitlist: 'ok' } });
    expect(result.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(result);
  });

  it('is 503 naming the service and the dependency that is down', async () => {
    waitlist.setReadiness(503, { status: 'down', checks: { postgres: 'connect ECONNREFUSED', redis: 'ok' } });
    try {
      const result = await request(gateway.url, '/healthz');
      expect(result.status).toBe(503);
      expect(result.body).toEqual({
        status: 'down',
        services: { auth: 'ok', waitlist: 'down: postgres: connect ECONNREFUSED' },
      });
    } finally {
      waitlist.setReadiness(200, { status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
    }
  });

  it('is 503 when a service cannot be reached at all', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const partial = await startGateway({ siteDir: site.dir, auth: nowhere, waitlist: waitlist.url });
    try {
      const result = await request(partial.url, '/healthz');
      expect(result.status).toBe(503);
      expect(result.body).toEqual({
        status: 'down',
        services: { auth: 'down: unreachable (ECONNREFUSED)', waitlist: 'ok' },
      });
    } finally {
      await partial.close();
    }
  });

  it('is not logged', async () => {
    await request(gateway.url, '/healthz');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gateway.logs.lines().some((line) => line.path === '/healthz')).toBe(false);
  });
});

describe('unusual requests', () => {
  it('answers an absolute-form target (forward-proxy use) with a JSON 400', async () => {
    const raw = await rawExchange('GET http://example.com/ HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1.1 400 /);
    expect(raw).toContain('"code":"bad_request"');
    expect(raw).toContain('X-Frame-Options: DENY');
  });

  it('passes a body sent with Expect: 100-continue on to the service', async () => {
    const raw = await rawExchange(
      'POST /waitlist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n{"a":1}',
    );
    expect(raw).toMatch(/^HTTP\/1.1 100 Continue/);
    expect(raw).toContain('"body":"{\\"a\\":1}"');
    expect(raw).not.toContain('"expect"');
  });
});

async function rawExchange(request: string): Promise<string> {
  const { connect } = await import('node:net');
  return new Promise<string>((resolve, reject) => {
    const socket = connect(gateway.port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('the Host header', () => {
  it('missing from an HTTP/1.1 request: a JSON 400 with the security headers, and no service is called', async () => {
    const before = waitlist.seen.length;
    const raw = await rawExchange(
      'POST /waitlist HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect(raw).toMatch(/^HTTP\/1.1 400 /);
    expect(raw).toContain(`Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`);
    expect(raw).toContain('X-Frame-Options: DENY');
    expect(raw).toMatch(/Content-Type: application\/json/i);
    expect(raw).toContain('"code":"bad_request"');
    expect(raw).toContain('A Host header is required.');
    expect(waitlist.seen.length).toBe(before);
  });

  it('sent twice: a JSON 400, and no service is called', async () => {
    const before = waitlist.seen.length;
    const raw = await rawExchange(
      'POST /waitlist HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(raw).toMatch(/^HTTP\/1.1 400 /);
    expect(raw).toContain('Send exactly one Host header.');
    expect(raw).toContain('X-Content-Type-Options: nosniff');
    expect(waitlist.seen.length).toBe(before);
  });

  it('may be absent from an HTTP/1.0 request, which has no Host requirement', async () => {
    const raw = await rawExchange('GET /robots.txt HTTP/1.0\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1.1 200 /);
  });
});

describe('unreadable requests', () => {
  it('get a JSON 400 with the security headers', async () => {
    const raw = await rawExchange('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1.1 400 /);
    expect(raw).toContain(`Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`);
    expect(raw).toContain('"code":"bad_request"');
  });
});
