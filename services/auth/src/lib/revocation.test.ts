import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffTokenVerifier,
  InvalidTokenError,
  RevocationUnavailableError,
  revocationKeys,
} from '@mmdm/shared/tokens';
import { createStaff, signIn, startAuth, type AuthHarness } from '../testing/auth-harness.js';
import { createLogger } from '@mmdm/shared/logger';
import { captureLogs } from '@mmdm/tests/support';
import { createRevocation, startRevocationUpkeep } from './revocation.js';

/**
 * Revocations are acknowledged work: a sign-out, a password change or an admin's change must outlive a Redis that
 * lost its data. The run's Redis is shared by every test file (one key prefix per run), so this file runs auth under
 * a prefix of its own and loses exactly that prefix's keys: what FLUSHALL does to it.
 */
let auth: AuthHarness;
let admin: { id: string; email: string; password: string };
let adminToken: string;
let prefix: string;

beforeAll(async () => {
  prefix = `trev${randomBytes(4).toString('hex')}`;
  auth = await startAuth({ env: { REDIS_PREFIX: prefix } });
  admin = await createStaff(auth, { role: 'admin' });
  adminToken = await signIn(auth, admin);
});
afterAll(async () => {
  await loseRedis();
  await auth?.close();
});

/** Every key of this file's prefix goes, the revocation cache's marker with them. */
async function loseRedis(): Promise<void> {
  const redis = new Redis(auth.config.redis.url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    expect(await redis.exists(revocationKeys.loaded(prefix))).toBe(0);
  } finally {
    redis.disconnect();
  }
}

/** What the waitlist service does: verify locally, and after a loss ask the auth service to fill the cache again. */
const remote = () =>
  createStaffTokenVerifier({
    keys: auth.keys.verificationKey,
    redis: auth.redis,
    redisPrefix: prefix,
    restoreRevocations: async () => {
      const answer = await fetch(`${auth.url}/internal/revocations/restore`, { method: 'POST' });
      if (!answer.ok) throw new Error(String(answer.status));
    },
  });

async function expectRefused(token: string) {
  expect((await auth.request('/api/admin/me', { token })).status).toBe(401);
  expect((await auth.request('/api/admin/verify', { token })).status).toBe(401);
  await expect(remote()(token)).rejects.toBeInstanceOf(InvalidTokenError);
}

async function expectAccepted(token: string) {
  expect((await auth.request('/api/admin/me', { token })).status).toBe(200);
  await expect(remote()(token)).resolves.toMatchObject({ role: expect.any(String) });
}

describe('revocations after Redis lost its data', () => {
  it('a signed-out token stays refused, here and by a service verifying locally; other sessions go on', async () => {
    const member = await createStaff(auth, { role: 'viewer' });
    const token = await signIn(auth, member);
    const other = await signIn(auth, member);
    expect((await auth.request('/api/admin/logout', { method: 'POST', token })).status).toBe(204);
    await loseRedis();
    await expectRefused(token);
    await expectAccepted(other);
    // Refilled from Postgres, as the token's own key until it would have expired.
    expect(await auth.redis.exists(revocationKeys.token(prefix, tokenClaims(token).jti))).toBe(1);
  });

  it('a password change still ends every other session, and the changing session goes on', async () => {
    const member = await createStaff(auth, { role: 'viewer' });
    const older = await signIn(auth, member);
    const changing = await signIn(auth, member);
    const changed = await auth.request('/api/admin/me/password', {
      method: 'POST',
      token: changing,
      body: { currentPassword: member.password, newPassword: 'quartz meadow lantern fjord' },
    });
    expect(changed.status).toBe(204);
    await loseRedis();
    await expectRefused(older);
    await expectAccepted(changing);
    const again = await signIn(auth, { email: member.email, password: 'quartz meadow lantern fjord' });
    await expectAccepted(again);
  });

  it("an admin's change (role, disabling) still ends the account's sessions everywhere", async () => {
    const member = await createStaff(auth, { role: 'admin' });
    const token = await signIn(auth, member);
    const demoted = await auth.request(`/api/admin/staff/${member.id}`, {
      method: 'PATCH',
      token: adminToken,
      body: { role: 'viewer' },
    });
    expect(demoted.status).toBe(200);
    await loseRedis();
    await expectRefused(token);
    // A sign-in after the loss carries the generation Postgres holds: it lives.
    await expectAccepted(await signIn(auth, member));
  });

  it('a verifier that cannot fill the cache again refuses (503), never reading an empty cache as "nothing revoked"', async () => {
    const member = await createStaff(auth, { role: 'viewer' });
    const token = await signIn(auth, member);
    await loseRedis();
    const cannotRestore = createStaffTokenVerifier({
      keys: auth.keys.verificationKey,
      redis: auth.redis,
      redisPrefix: prefix,
    });
    await expect(cannotRestore(token)).rejects.toBeInstanceOf(RevocationUnavailableError);
    const failing = createStaffTokenVerifier({
      keys: auth.keys.verificationKey,
      redis: auth.redis,
      redisPrefix: prefix,
      restoreRevocations: () => Promise.reject(new Error('auth unreachable')),
    });
    await expect(failing(token)).rejects.toBeInstanceOf(RevocationUnavailableError);
  });

  it('the upkeep fills a lost cache again by itself, at start and at every interval', async () => {
    const member = await createStaff(auth, { role: 'viewer' });
    const token = await signIn(auth, member);
    expect((await auth.request('/api/admin/logout', { method: 'POST', token })).status).toBe(204);
    await loseRedis();
    const logger = createLogger({ name: 'auth', level: 'info', destination: captureLogs().stream });
    const upkeep = startRevocationUpkeep({
      revocation: createRevocation(auth.redis, prefix, auth.pool),
      logger,
      intervalMs: 100,
    });
    try {
      await expect.poll(() => auth.redis.exists(revocationKeys.loaded(prefix))).toBe(1);
      expect(await auth.redis.exists(revocationKeys.token(prefix, tokenClaims(token).jti))).toBe(1);
      await auth.redis.del(revocationKeys.loaded(prefix));
      await expect.poll(() => auth.redis.exists(revocationKeys.loaded(prefix))).toBe(1);
    } finally {
      await upkeep.stop();
    }
  });

  it('expired revocations are purged from Postgres; unexpired ones stay', async () => {
    const member = await createStaff(auth, { role: 'viewer' });
    const token = await signIn(auth, member);
    expect((await auth.request('/api/admin/logout', { method: 'POST', token })).status).toBe(204);
    await auth.pool.query(
      `insert into auth.revoked_tokens (jti, staff_id, expires_at) values ($1, $2, now() - interval '1 minute')`,
      [`expired-${randomBytes(6).toString('hex')}`, member.id],
    );
    const purged = await createRevocation(auth.redis, prefix, auth.pool).purgeExpired();
    expect(purged).toBeGreaterThanOrEqual(1);
    const { rows } = await auth.pool.query('select 1 from auth.revoked_tokens where jti = $1', [
      tokenClaims(token).jti,
    ]);
    expect(rows).toHaveLength(1);
    expect((await auth.pool.query('select 1 from auth.revoked_tokens where expires_at < now()')).rowCount).toBe(0);
  });
});

function tokenClaims(token: string): { jti: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { jti: string; exp: number };
}
