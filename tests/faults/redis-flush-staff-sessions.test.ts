import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../services/auth/src/testing/auth-harness.js';
import { request } from '../support/http.js';
import { RedisServer } from './support/redis-server.js';
import { SecretWatch } from './support/secrets.js';
import { startSystem, type System } from './support/system.js';
import { sleep } from './support/timing.js';

/**
 * Revocations are acknowledged work, Redis only their cache: a signed-out token, and the sessions a password change or
 * an admin's change ended, stay refused by auth and by the waitlist admin API (through the gateway) after Redis loses
 * everything. The Redis here is a server of this file's own, so FLUSHALL touches nobody else's data.
 */
let redis: RedisServer;
let system: System;
const secrets = new SecretWatch();

beforeAll(async () => {
  // No persistence: a restart comes back empty, as a cache-style Redis (or a replaced pod) does.
  redis = await new RedisServer({ persistence: false }).start();
  system = await startSystem({ redisUrl: redis.url });
});

afterAll(async () => {
  if (system) expect(secrets.leakedIn(system.logs(), [])).toEqual([]);
  await system?.close();
  await redis?.close();
});

async function flushAll(): Promise<void> {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  try {
    expect(await client.flushall()).toBe('OK');
  } finally {
    client.disconnect();
  }
}

async function restartEmpty(): Promise<void> {
  await redis.stop();
  await redis.start();
  // The services reconnect with a back-off: wait until both say they are ready again (Redis reachable).
  const deadline = Date.now() + 20_000;
  for (const url of [system.auth.url, system.api.url]) {
    while ((await fetch(`${url}/readyz`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > deadline) throw new Error(`${url} not ready again after the Redis restart`);
      await sleep(200);
    }
  }
}

const call = (path: string, token: string, init: { method?: string; body?: object } = {}) =>
  request(system.gateway.url, path, { ...init, headers: { authorization: `Bearer ${token}` } });

async function signInAs(account: { email: string; password: string }): Promise<string> {
  const login = await request(system.gateway.url, '/api/admin/login', {
    method: 'POST',
    body: { email: account.email, password: account.password },
  });
  expect(login.status).toBe(200);
  const token = (login.body as { token: string }).token;
  secrets.add(token);
  return token;
}

async function newStaff(role: 'admin' | 'viewer') {
  const account = await createStaff(system.auth, { role });
  secrets.add(account.password);
  return account;
}

/**
 * Refused by the waitlist admin API and by auth, through the gateway as the panel calls them. The waitlist service is
 * asked first: right after a loss it is the one that finds the cache empty and has auth fill it from Postgres.
 */
async function expectRefused(token: string) {
  expect((await call('/api/admin/waitlist/stats', token)).status).toBe(401);
  expect((await call('/api/admin/me', token)).status).toBe(401);
}

async function expectAccepted(token: string) {
  expect((await call('/api/admin/me', token)).status).toBe(200);
  expect((await call('/api/admin/waitlist/stats', token)).status).toBe(200);
}

describe.each([
  ['FLUSHALL', flushAll],
  ['a restart without persistence', restartEmpty],
])('staff sessions after %s', (_label, lose) => {
  it('a signed-out token stays refused by auth and by the waitlist admin API; other sessions go on', async () => {
    const admin = await newStaff('admin');
    const token = await signInAs(admin);
    const other = await signInAs(admin);
    await expectAccepted(token);
    expect((await call('/api/admin/logout', token, { method: 'POST' })).status).toBe(204);
    await expectRefused(token);
    await lose();
    await expectRefused(token);
    await expectAccepted(other);
  });

  it('the sessions a password change ended stay ended everywhere; the changing one goes on', async () => {
    const admin = await newStaff('admin');
    const older = await signInAs(admin);
    const changing = await signInAs(admin);
    const newPassword = `harbor quill zenith ${Math.random().toString(36).slice(2, 8)}`;
    secrets.add(newPassword);
    const changed = await call('/api/admin/me/password', changing, {
      method: 'POST',
      body: { currentPassword: admin.password, newPassword },
    });
    expect(changed.status).toBe(204);
    await lose();
    await expectRefused(older);
    await expectAccepted(changing);
  });

  it("a demoted admin's old token stays refused by the waitlist admin API", async () => {
    const owner = await newStaff('admin');
    const ownerToken = await signInAs(owner);
    const member = await newStaff('admin');
    const token = await signInAs(member);
    const demoted = await call(`/api/admin/staff/${member.id}`, ownerToken, {
      method: 'PATCH',
      body: { role: 'viewer' },
    });
    expect(demoted.status).toBe(200);
    await lose();
    // Its role claim still says admin: only the ended session stops it at the waitlist service.
    expect((await call('/api/admin/waitlist/stats', token)).status).toBe(401);
    await expectAccepted(await signInAs(member));
  });
});
