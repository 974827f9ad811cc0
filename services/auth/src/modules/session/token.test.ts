import { createHmac, randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffTokenVerifier, InvalidTokenError, revocationKeys } from '@mmdm/shared/tokens';
import { createStaff, signIn, startAuth, useAuthService } from '../../testing/auth-harness.js';

const auth = useAuthService();
let viewer: { id: string; email: string; password: string };
let admin: { id: string; email: string; password: string };
let adminToken: string;
beforeAll(async () => {
  viewer = await createStaff(auth, { role: 'viewer' });
  admin = await createStaff(auth, { role: 'admin' });
  adminToken = await signIn(auth, admin);
});

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claimsFor(sub: string, overrides: JWTPayload = {}): JWTPayload {
  const iat = now();
  return {
    role: 'viewer',
    sub,
    iss: 'mmdm-auth',
    aud: 'mmdm-staff',
    iat,
    exp: iat + 3600,
    jti: randomUUID(),
    gen: 0,
    ...overrides,
  };
}

/** Signs like the auth service does (its real private key), with any header or claim changed. */
async function signLikeAuth(payload: JWTPayload, header: Partial<JWTHeaderParameters> = {}): Promise<string> {
  const { kid, key } = await auth.keys.signingKey();
  return new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid, ...header }).sign(key);
}

const verify = (token: string) => auth.request('/api/admin/verify', { token });

async function expectRefusedEverywhere(token: string) {
  const verified = await verify(token);
  expect(verified.status).toBe(401);
  expect(verified.body).toMatchObject({ valid: false });
  expect((await auth.request('/api/admin/me', { token })).status).toBe(401);
}

describe('the token a sign-in issues', () => {
  it("names the account's address, so other services' audit rows show who acted", async () => {
    const token = await signIn(auth, viewer);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as JWTPayload;
    expect(payload).toMatchObject({ sub: viewer.id, email: viewer.email, role: 'viewer' });
  });

  it('is refused when its email claim is not a string', async () => {
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id, { email: 42 })));
  });
});

describe('GET /api/admin/verify', () => {
  it('accepts a token signed the way the service signs (control for the forgeries below)', async () => {
    const result = await verify(await signLikeAuth(claimsFor(viewer.id)));
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ valid: true, role: 'viewer', sub: viewer.id, email: viewer.email });
    expect(result.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 {valid:false} without a token or with something that is not a bearer JWT', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer not-a-jwt',
      'Basic YWRtaW46YWRtaW4=',
      `bearer ${adminToken}`,
    ]) {
      const result = await auth.request('/api/admin/verify', authorization ? { headers: { authorization } } : {});
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({ valid: false });
    }
  });

  it('refuses alg "none"', async () => {
    const { kid } = await auth.keys.signingKey();
    const token = `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(claimsFor(admin.id, { role: 'admin' }))}.`;
    await expectRefusedEverywhere(token);
  });

  it('refuses HS256 tokens keyed with the public key (algorithm confusion)', async () => {
    const { kid } = await auth.keys.signingKey();
    const jwks = await auth.request('/.well-known/jwks.json');
    const publicJwk = jwks.body.keys.find((key: { kid: string }) => key.kid === kid);
    for (const secret of [JSON.stringify(publicJwk), Buffer.from(publicJwk.x, 'base64url')]) {
      const input = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64(claimsFor(admin.id, { role: 'admin' }))}`;
      const signature = createHmac('sha256', secret).update(input).digest('base64url');
      await expectRefusedEverywhere(`${input}.${signature}`);
    }
  });

  it('refuses a token signed with another key under the right kid', async () => {
    const { kid } = await auth.keys.signingKey();
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const token = await new SignJWT(claimsFor(admin.id, { role: 'admin' }))
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
      .sign(privateKey);
    await expectRefusedEverywhere(token);
  });

  it('refuses a real token whose claims were changed', async () => {
    const token = await signIn(auth, viewer);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload;
    await expectRefusedEverywhere(`${header}.${b64({ ...claims, role: 'admin' })}.${signature}`);
    await expectRefusedEverywhere(`${header}.${b64({ ...claims, exp: (claims.exp ?? 0) + 86_400 })}.${signature}`);
  });

  it('refuses expired tokens, tokens not valid yet, tokens without exp and tokens living longer than a working day', async () => {
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id, { iat: now() - 7200, exp: now() - 60 })));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id, { nbf: now() + 3600 })));
    const { exp: _exp, ...withoutExp } = claimsFor(viewer.id);
    await expectRefusedEverywhere(await signLikeAuth(withoutExp));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id, { exp: now() + 9 * 3600 })));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id, { iat: now() + 3600, exp: now() + 7200 })));
  });

  it('refuses the wrong issuer, audience, type, kid, role or a missing claim', async () => {
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id, { iss: 'someone-else' })));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id, { aud: 'mmdm-public' })));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id), { typ: 'at+jwt' }));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id), { kid: 'no-such-key' }));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id, { role: 'superadmin' })));
    const { jti: _jti, ...withoutJti } = claimsFor(viewer.id);
    await expectRefusedEverywhere(await signLikeAuth(withoutJti));
    const { gen: _gen, ...withoutGeneration } = claimsFor(viewer.id);
    await expectRefusedEverywhere(await signLikeAuth(withoutGeneration));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id, { gen: -1 })));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(randomUUID())));
  });

  it('refuses tokens pointing at keys of their own (jku, jwk, x5u headers) and critical extensions', async () => {
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id), { jku: 'https://evil.example/jwks.json' }));
    const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const { exportJWK } = await import('jose');
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id), { jwk: await exportJWK(publicKey) }));
    await expectRefusedEverywhere(await signLikeAuth(claimsFor(viewer.id), { x5u: 'https://evil.example/cert.pem' }));
  });

  it('refuses a huge token before parsing it', async () => {
    const token = await signLikeAuth(claimsFor(viewer.id, { padding: 'x'.repeat(3000) }));
    await expectRefusedEverywhere(token);
  });

  it('answers 503 when the revocation store cannot be reached, rather than trusting a token it cannot check', async () => {
    const offline = await startAuth({ env: { REDIS_URL: 'redis://127.0.0.1:1/0' }, redisDown: true });
    try {
      const result = await offline.request('/api/admin/verify', { token: await signIn(auth, viewer) });
      expect(result.status).toBe(503);
    } finally {
      await offline.close();
    }
  });
});

describe('POST /api/admin/logout', () => {
  it('revokes the token everywhere until it would have expired; other sessions go on', async () => {
    const token = await signIn(auth, viewer);
    const otherSession = await signIn(auth, viewer);
    const out = await auth.request('/api/admin/logout', { method: 'POST', token });
    expect(out.status).toBe(204);
    await expectRefusedEverywhere(token);
    expect((await auth.request('/api/admin/logout', { method: 'POST', token })).status).toBe(401);
    expect((await verify(otherSession)).status).toBe(200);

    // What the waitlist service does: verify locally against the keys and the shared revocation store.
    const remote = createStaffTokenVerifier({
      keys: auth.keys.verificationKey,
      redis: auth.redis,
      redisPrefix: auth.config.redis.prefix,
    });
    await expect(remote(token)).rejects.toBeInstanceOf(InvalidTokenError);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
      jti: string;
      exp: number;
    };
    const ttl = await auth.redis.ttl(revocationKeys.token(auth.config.redis.prefix, claims.jti));
    expect(ttl).toBeGreaterThan(claims.exp - now());
    expect(ttl).toBeLessThan(claims.exp - now() + 120);

    const { rows } = await auth.pool.query(`select 1 from auth.audit_log where action = 'logout' and actor_sub = $1`, [
      viewer.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('answers 401 without a valid token', async () => {
    expect((await auth.request('/api/admin/logout', { method: 'POST' })).status).toBe(401);
    expect((await auth.request('/api/admin/logout', { method: 'POST', token: 'a.b.c' })).status).toBe(401);
  });
});

describe('tokens of accounts that lose access', () => {
  it("a disabled account's token is refused here and by every service verifying locally", async () => {
    const member = await createStaff(auth, { role: 'viewer' });
    const token = await signIn(auth, member);
    const patched = await auth.request(`/api/admin/staff/${member.id}`, {
      method: 'PATCH',
      token: adminToken,
      body: { disabled: true },
    });
    expect(patched.status).toBe(200);
    await expectRefusedEverywhere(token);
    const remote = createStaffTokenVerifier({
      keys: auth.keys.verificationKey,
      redis: auth.redis,
      redisPrefix: auth.config.redis.prefix,
    });
    await expect(remote(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("a demoted admin's old token stops working; signing in again gives the new role", async () => {
    const member = await createStaff(auth, { role: 'admin' });
    const token = await signIn(auth, member);
    expect((await auth.request('/api/admin/staff', { token })).status).toBe(200);
    const patched = await auth.request(`/api/admin/staff/${member.id}`, {
      method: 'PATCH',
      token: adminToken,
      body: { role: 'viewer' },
    });
    expect(patched.body).toMatchObject({ id: member.id, role: 'viewer' });
    await expectRefusedEverywhere(token);
    const fresh = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: member.email, password: member.password },
    });
    expect(fresh.body.role).toBe('viewer');
    expect((await auth.request('/api/admin/staff', { token: fresh.body.token })).status).toBe(403);
  });

  it('a sign-in right after a role change, or after being disabled and enabled again, works at once (same second)', async () => {
    const remote = createStaffTokenVerifier({
      keys: auth.keys.verificationKey,
      redis: auth.redis,
      redisPrefix: auth.config.redis.prefix,
    });
    const member = await createStaff(auth, { role: 'viewer' });
    const patch = (body: object) =>
      auth.request(`/api/admin/staff/${member.id}`, { method: 'PATCH', token: adminToken, body });
    for (const change of [[{ role: 'admin' }], [{ disabled: true }, { disabled: false }]]) {
      const before = await signIn(auth, member);
      for (const body of change) expect((await patch(body)).status).toBe(200);
      // No waiting: with a cut-off in whole seconds this token, issued in the same second, was dead for a second.
      const after = await signIn(auth, member);
      expect((await verify(after)).status).toBe(200);
      await expect(remote(after)).resolves.toMatchObject({ sub: member.id });
      await expectRefusedEverywhere(before);
    }
  });
});
