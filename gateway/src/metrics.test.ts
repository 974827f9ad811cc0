import { createHttpMetrics, createMetricsRegistry, type Registry } from '@mmdm/shared/metrics';
import { sampleValue } from '@mmdm/tests/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSite, type FakeSite } from '../test/support/fake-site.js';
import { request } from '@mmdm/tests/support';
import { startGateway, type RunningGateway } from '../test/support/start-gateway.js';
import { startStubUpstream, type StubUpstream } from '../test/support/stub-upstream.js';

let site: FakeSite;
let auth: StubUpstream;
let waitlist: StubUpstream;
let gateway: RunningGateway;
let registry: Registry;

beforeAll(async () => {
  site = createFakeSite();
  [auth, waitlist] = await Promise.all([startStubUpstream('auth'), startStubUpstream('waitlist')]);
  registry = createMetricsRegistry();
  gateway = await startGateway({
    siteDir: site.dir,
    auth: auth.url,
    waitlist: waitlist.url,
    metrics: createHttpMetrics(registry),
  });
});
afterAll(async () => {
  await gateway?.close();
  await Promise.all([auth?.close(), waitlist?.close()]);
  site?.remove();
});

describe('the gateway’s request metrics', () => {
  it('count answers by the route they took, with a handful of route values whatever the paths', async () => {
    const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    await request(gateway.url, '/waitlist', json);
    await request(gateway.url, '/waitlist/confirm', json);
    await request(gateway.url, '/api/admin/login', json);
    await request(gateway.url, '/api/admin/waitlist/entries?status=pending');
    await request(gateway.url, '/api/nothing-here');
    await request(gateway.url, '/about');
    await request(gateway.url, `/invented-${Date.now()}`);
    await request(gateway.url, '/healthz');

    const text = await registry.metrics();
    const count = (route: string, method: string, status: string) =>
      sampleValue(text, 'http_requests_total', { route, method, status });
    expect(count('/waitlist/*', 'POST', '200')).toBe(2);
    expect(count('/api/admin/*', 'POST', '200')).toBe(1);
    expect(count('/api/admin/waitlist/*', 'GET', '200')).toBe(1);
    expect(count('/api/*', 'GET', '404')).toBe(1);
    expect(count('site', 'GET', '200')).toBe(1);
    expect(count('site', 'GET', '404')).toBe(1);
    expect(
      sampleValue(text, 'http_request_duration_seconds_count', { route: '/waitlist/*', method: 'POST', status: '200' }),
    ).toBe(2);
    expect(text).not.toContain('invented-');
    // The whole system's health check is polled by probes: not traffic.
    expect(text).not.toContain('route="/healthz"');
  });
});
