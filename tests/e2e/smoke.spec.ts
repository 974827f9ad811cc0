import { expect, test } from './fixtures.js';

test('the system answers through the gateway: health, a page and a JSON 404 for an unknown API path', async ({
  request,
}) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);

  const home = await request.get('/');
  expect(home.status()).toBe(200);
  expect(home.headers()['content-type']).toContain('text/html');
  expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  const unknown = await request.get('/api/nothing-here');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ success: false });
});
