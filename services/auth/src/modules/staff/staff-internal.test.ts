import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, startAuth, type AuthHarness } from '../../testing/auth-harness.js';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth({ ownDatabase: true });
});
afterAll(async () => {
  await auth?.close();
});

describe('GET /internal/staff/admin-addresses (the waitlist worker asks it whom admin alerts go to)', () => {
  it('lists the enabled admins only, on the service port, and refuses a request that went through a proxy', async () => {
    const first = await createStaff(auth, { role: 'admin' });
    const second = await createStaff(auth, { role: 'admin' });
    const viewer = await createStaff(auth, { role: 'viewer' });
    const disabled = await createStaff(auth, { role: 'admin', disabled: true });

    const answer = await fetch(`${auth.url}/internal/staff/admin-addresses`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { addresses } = (await answer.json()) as { addresses: string[] };
    expect(addresses).toEqual(expect.arrayContaining([first.email, second.email]));
    expect(addresses).not.toContain(viewer.email);
    expect(addresses).not.toContain(disabled.email);

    const proxied = await fetch(`${auth.url}/internal/staff/admin-addresses`, {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(proxied.status).toBe(404);
  });
});
