import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSite, type FakeSite } from '../../../test/support/fake-site.js';
import { request } from '@mmdm/tests/support';
import { startGateway, type RunningGateway } from '../../../test/support/start-gateway.js';
import {
  freePort,
  startStubUpstream,
  type SeenRequest,
  type StubUpstream,
} from '../../../test/support/stub-upstream.js';

let site: FakeSite;
let first: StubUpstream;
let second: StubUpstream;
let auth: StubUpstream;
let dead: string;
let gateway: RunningGateway;

beforeAll(async () => {
  site = createFakeSite();
  [first, second, auth] = await Promise.all([
    startStubUpstream('waitlist-1'),
    startStubUpstream('waitlist-2'),
    startStubUpstream('auth'),
  ]);
  dead = `http://127.0.0.1:${await freePort()}`;
  // Probing off: what is asserted here is the passive side (a refused call goes elsewhere at once).
  gateway = await startGateway({
    siteDir: site.dir,
    auth: auth.url,
    waitlist: [first.url, dead, second.url],
    probeIntervalMs: 0,
  });
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([first?.close(), second?.close(), auth?.close()]);
  site?.remove();
});

const signUp = (email: string) =>
  request(gateway.url, '/waitlist', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

describe('the gateway in front of several replicas of a service', () => {
  it('spreads calls over the live replicas and sends a refused sign-up, body intact, to another one', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await signUp(`spread-${i}@example.com`));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const upstreams = answers.map((answer) => answer.body as SeenRequest & { upstream: string });
    // Every body arrived whole, exactly once, wherever it went.
    expect(upstreams.map((seen) => JSON.parse(seen.body) as { email: string })).toEqual(
      Array.from({ length: 12 }, (_, i) => ({ email: `spread-${i}@example.com` })),
    );
    const served = new Set(upstreams.map((seen) => seen.upstream));
    expect(served).toEqual(new Set(['waitlist-1', 'waitlist-2']));
    const all = [...first.seen, ...second.seen].filter((seen) => seen.url === '/waitlist');
    expect(all).toHaveLength(12);
    expect(gateway.logs.text()).toContain('upstream member out of rotation');
  });

  it('says in /healthz how many replicas are ready, naming them by place and never by address, and stays 200', async () => {
    const health = await request(gateway.url, '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      status: 'ok',
      services: {
        auth: 'ok',
        waitlist: 'degraded: 2 of 3 replicas ready (replica 2: down: unreachable (ECONNREFUSED))',
      },
    });
    expect(health.text).not.toContain('127.0.0.1');
  });

  it('routes safe calls around a replica that went away, and answers 503 only when none is left', async () => {
    await second.close();
    const pages = await Promise.all(Array.from({ length: 6 }, () => request(gateway.url, '/waitlist/status')));
    expect(pages.map((page) => page.status)).toEqual(Array(6).fill(200));
    expect(new Set(pages.map((page) => (page.body as { upstream: string }).upstream))).toEqual(new Set(['waitlist-1']));

    await first.close();
    const none = await signUp('none-left@example.com');
    expect(none.status).toBe(503);
    expect(none.body).toMatchObject({ success: false, code: 'service_unavailable' });
  });
});
