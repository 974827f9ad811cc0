import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSite, type FakeSite } from '../../../test/support/fake-site.js';
import { request, type Answer } from '@mmdm/tests/support';
import { startGateway, type RunningGateway } from '../../../test/support/start-gateway.js';
import {
  freePort,
  startStubUpstream,
  type SeenRequest,
  type StubUpstream,
} from '../../../test/support/stub-upstream.js';

/**
 * A replica that accepts the connection, reads the request and resets it without a byte of answer: a process that
 * crashed while handling the call. Counts the requests it swallowed.
 */
async function startResettingReplica(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server: Server = createServer((socket) => {
    socket.once('data', () => {
      received += 1;
      socket.resetAndDestroy();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A chunked request (no Content-Length), so the gateway must read the body itself to be able to send it again. */
const chunkedPost = (baseUrl: string, path: string, parts: string[]): Promise<Answer> =>
  request(baseUrl, path, { method: 'POST', chunks: parts, headers: { 'content-type': 'application/json' } });

let site: FakeSite;
let good: StubUpstream;
let other: StubUpstream;
let auth: StubUpstream;
let resetting: Awaited<ReturnType<typeof startResettingReplica>>;
let gateway: RunningGateway | undefined;

beforeAll(async () => {
  site = createFakeSite();
  [good, other, auth, resetting] = await Promise.all([
    startStubUpstream('waitlist-good'),
    startStubUpstream('waitlist-other'),
    startStubUpstream('auth'),
    startResettingReplica(),
  ]);
});

afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

afterAll(async () => {
  await Promise.all([good?.close(), other?.close(), auth?.close(), resetting?.close()]);
  site?.remove();
});

/** A fresh gateway per case, so the pool's round-robin starts at the first member listed. */
async function gatewayOver(waitlist: string[], proxyTimeoutMs?: number): Promise<RunningGateway> {
  gateway = await startGateway({ siteDir: site.dir, auth: auth.url, waitlist, probeIntervalMs: 0, proxyTimeoutMs });
  return gateway;
}

const seenAt = (stub: StubUpstream, url: string) => stub.seen.filter((seen) => seen.url === url);

// The fast lane (undici: the public calls) and the full lane (http-proxy: the staff API) follow the same rules.
describe.each([
  { lane: 'fast', read: '/waitlist/status', write: '/waitlist/resend', slow: '/waitlist/slow' },
  { lane: 'full', read: '/api/admin/waitlist/entries', write: '/api/admin/waitlist/notes', slow: '/api/admin/slow' },
])('the $lane lane over several replicas', ({ read, write, slow }) => {
  it('sends a safe call that met a reset before any answer to another replica', async () => {
    const before = resetting.received();
    const { url, logs } = await gatewayOver([resetting.url, good.url]);
    const answer = await request(url, read);
    expect(answer.status).toBe(200);
    expect((answer.body as { upstream: string }).upstream).toBe('waitlist-good');
    expect(resetting.received()).toBe(before + 1);
    expect(logs.text()).toContain('upstream member failed; trying another');
  });

  it('answers 502 to a POST that met a reset before any answer, and never sends it to another replica', async () => {
    const before = resetting.received();
    const { url } = await gatewayOver([resetting.url, good.url]);
    const body = JSON.stringify({ token: `reset-${Math.random()}` });
    const answer = await request(url, write, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ success: false, code: 'service_unavailable' });
    expect(resetting.received()).toBe(before + 1);
    expect(seenAt(good, write).filter((seen) => seen.body === body)).toHaveLength(0);
  });

  it('sends a refused POST, body intact, to another replica', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const { url } = await gatewayOver([dead, good.url]);
    const body = JSON.stringify({ token: `refused-${Math.random()}` });
    const answer = await request(url, write, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(200);
    expect((answer.body as SeenRequest).body).toBe(body);
    expect(seenAt(good, write).filter((seen) => seen.body === body)).toHaveLength(1);
  });

  it('sends a refused chunked POST, body intact, to another replica', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const { url } = await gatewayOver([dead, good.url]);
    const token = `chunked-${Math.random()}`;
    const answer = await chunkedPost(url, write, ['{"token":', JSON.stringify(token), '}']);
    expect(answer.status).toBe(200);
    expect(JSON.parse((answer.body as SeenRequest).body)).toEqual({ token });
  });

  it('never sends a call that timed out to another replica (504)', async () => {
    const { url } = await gatewayOver([good.url, other.url], 300);
    const answer = await request(url, slow);
    expect(answer.status).toBe(504);
    expect(answer.body).toMatchObject({ success: false, code: 'gateway_timeout' });
    expect(seenAt(other, slow)).toHaveLength(0);
  });
});
