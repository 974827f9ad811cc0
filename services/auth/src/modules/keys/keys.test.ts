import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { createPool } from '@mmdm/shared/db';
import { createStaff, signIn, startAuth, useAuthService } from '../../testing/auth-harness.js';
import { listenForKeyChanges, pruneRetiredKeys } from './keys.repository.js';
import { createDatabaseKeyStore, generateSigningKey, rotateKey, VERIFY_WINDOW_SECONDS } from './keys.service.js';

// Rotations here must not disturb the other test files' keys.
const auth = useAuthService({ ownDatabase: true });

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const verify = (token: string) => auth.request('/api/admin/verify', { token });
const jwksKids = async () =>
  (await auth.request('/.well-known/jwks.json')).body.keys.map((key: { kid: string }) => key.kid) as string[];

describe('signing keys kept in Postgres', () => {
  it('two replicas starting at once on an empty key table end up with one shared key', async () => {
    const probe = await startAuth({ ownDatabase: true });
    const pool = createPool({ connectionString: probe.config.databaseUrl, applicationName: 'key-race' });
    try {
      const replicas = [0, 1, 2].map(() => createDatabaseKeyStore(pool));
      const kids = await Promise.all(replicas.map(async (replica) => (await replica.signingKey()).kid));
      expect(new Set(kids).size).toBe(1);
      const { rows } = await pool.query('select kid, private_jwk from auth.signing_keys');
      expect(rows).toHaveLength(1);
      expect(rows[0].private_jwk.d).toEqual(expect.any(String));
    } finally {
      await pool.end();
      await probe.close();
    }
  });

  it('after a rotation the new key signs and tokens signed with the old one stay valid', async () => {
    const member = await createStaff(auth);
    const oldToken = await signIn(auth, member);
    const oldKid = kidOf(oldToken);

    const next = await generateSigningKey();
    expect(await rotateKey(auth.pool, next)).toEqual([oldKid]);
    await auth.keys.refresh();

    const newToken = await signIn(auth, member);
    expect(kidOf(newToken)).toBe(next.kid);
    expect((await verify(oldToken)).status).toBe(200);
    expect((await verify(newToken)).status).toBe(200);
    expect(await jwksKids()).toEqual(expect.arrayContaining([oldKid, next.kid]));
  });

  it('once the longest token lifetime has passed since retirement, the old key leaves the JWKS and its tokens are refused', async () => {
    const member = await createStaff(auth);
    const oldToken = await signIn(auth, member);
    const oldKid = kidOf(oldToken) as string;
    await rotateKey(auth.pool, await generateSigningKey());
    await auth.pool.query(
      `update auth.signing_keys set retired_at = now() - make_interval(secs => $2) where kid = $1`,
      [oldKid, VERIFY_WINDOW_SECONDS + 60],
    );
    await auth.keys.refresh();

    expect(await jwksKids()).not.toContain(oldKid);
    expect((await verify(oldToken)).status).toBe(401);
    expect(await pruneRetiredKeys(auth.pool, VERIFY_WINDOW_SECONDS)).toContain(oldKid);
  });

  it('a rotation made elsewhere is announced to every listening replica at once, which then signs with the new key', async () => {
    const pool = createPool({ connectionString: auth.config.databaseUrl, applicationName: 'key-listen' });
    const replica = createDatabaseKeyStore(pool);
    const before = (await replica.signingKey()).kid;
    const heard: number[] = [];
    const listener = listenForKeyChanges(
      auth.config.databaseUrl,
      () => {
        heard.push(Date.now());
        void replica.refresh();
      },
      () => undefined,
    );
    try {
      // LISTEN is issued once the listener's connection is up; a rotation before that would not be heard.
      await expect
        .poll(
          async () =>
            (
              await pool.query(
                "select 1 from pg_stat_activity where application_name = 'mmdm-auth-keys' and query ilike 'listen%'",
              )
            ).rowCount,
          { timeout: 5000 },
        )
        .toBeGreaterThan(0);
      const next = await generateSigningKey();
      const rotatedAt = Date.now();
      await rotateKey(pool, next);
      await expect.poll(async () => (await replica.signingKey()).kid, { timeout: 2000, interval: 20 }).toBe(next.kid);
      expect(next.kid).not.toBe(before);
      expect(heard.length).toBeGreaterThanOrEqual(1);
      expect(heard[0]! - rotatedAt).toBeLessThan(1000);
    } finally {
      await listener.close();
      await pool.end();
    }
  });

  it('keeps retired keys verifying for at least the longest token lifetime', () => {
    expect(VERIFY_WINDOW_SECONDS).toBeGreaterThanOrEqual(8 * 3600);
  });
});

describe('a signing key given in JWT_PRIVATE_KEY', () => {
  it('signs, is the one key in the JWKS under JWT_KEY_ID, and accepts the PEM on one line with \\n', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const fromEnv = await startAuth({ env: { JWT_PRIVATE_KEY: pem.replace(/\n/g, '\\n'), JWT_KEY_ID: 'ops-2026-11' } });
    try {
      const token = await signIn(fromEnv, await createStaff(fromEnv));
      expect(kidOf(token)).toBe('ops-2026-11');
      expect((await fromEnv.request('/api/admin/verify', { token })).status).toBe(200);
      const jwks = await fromEnv.request('/.well-known/jwks.json');
      expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).toEqual(['ops-2026-11']);
      expect(jwks.body.keys[0].d).toBeUndefined();
    } finally {
      await fromEnv.close();
    }
  });
});
