import { KeyObject, randomUUID, sign, type webcrypto } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKey } from '../../services/auth/src/modules/keys/keys.service.js';
import { createStaff, signIn } from '../../services/auth/src/testing/auth-harness.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { SecretWatch } from './support/secrets.js';
import { request, type Answer } from '../support/http.js';
import { declaredCallOf, STAFF_ENDPOINTS } from './support/staff-endpoints.js';
import { staffOf, startSystem, type System } from './support/system.js';

let system: System;
let staff: Awaited<ReturnType<typeof staffOf>>;
const secrets = new SecretWatch();
const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** The auth service's real signing key, read from its table as an insider with database access could. */
let realKey: { kid: string; privateKey: webcrypto.CryptoKey; publicJwk: JWK };

beforeAll(async () => {
  system = await startSystem();
  staff = await staffOf(system);
  secrets.add(staff.admin.password, staff.admin.token, staff.viewer.token);
  const { rows } = await system.context.pool.query<{ kid: string; public_jwk: JWK; private_jwk: JWK }>(
    'select kid, public_jwk, private_jwk from auth.signing_keys where retired_at is null',
  );
  const row = rows[0]!;
  realKey = {
    kid: row.kid,
    privateKey: (await importJWK(row.private_jwk, 'EdDSA')) as webcrypto.CryptoKey,
    publicJwk: row.public_jwk,
  };
});

afterAll(async () => {
  if (system) expect(secrets.leakedIn(system.logs())).toEqual([]);
  await system?.close();
});

function claimsFor(sub: string, overrides: JWTPayload = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub,
    role: 'admin',
    iss: 'mmdm-auth',
    aud: 'mmdm-staff',
    iat: now,
    exp: now + 3600,
    jti: randomUUID(),
    gen: 0,
    ...overrides,
  };
}

async function signWith(
  key: webcrypto.CryptoKey | Uint8Array,
  header: Record<string, unknown>,
  payload: JWTPayload,
): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: realKey.kid, ...header } as never)
    .sign(key);
}

/** Forged tokens for the genuine admin account: each would be accepted if its one defect were overlooked. */
async function forgeries(): Promise<[string, string][]> {
  const sub = staff.admin.id;
  const attacker = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const attackerJwk = await exportJWK(attacker.publicKey);
  const real = (header: Record<string, unknown>, payload: JWTPayload) => signWith(realKey.privateKey, header, payload);
  const genuine = await real({}, claimsFor(staff.viewer.id, { role: 'viewer' }));
  const [h, p, s] = genuine.split('.') as [string, string, string];

  const retired = await generateSigningKey();
  await system.context.pool.query(
    `insert into auth.signing_keys (kid, public_jwk, private_jwk, created_at, retired_at) values ($1, $2, $3, now() - interval '10 days', now() - interval '9 days')`,
    [retired.kid, retired.publicJwk, retired.privateJwk],
  );
  const retiredKey = (await importJWK(retired.privateJwk, 'EdDSA')) as webcrypto.CryptoKey;
  const publicKeyBytes = Buffer.from(realKey.publicJwk.x ?? '', 'base64url');
  const now = Math.floor(Date.now() / 1000);

  return [
    ['alg none, no signature', `${b64({ alg: 'none', typ: 'JWT', kid: realKey.kid })}.${b64(claimsFor(sub))}.`],
    ['alg none, signature kept', `${b64({ alg: 'none', typ: 'JWT', kid: realKey.kid })}.${b64(claimsFor(sub))}.${s}`],
    [
      'HS256 keyed with the public key bytes',
      await new SignJWT(claimsFor(sub))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: realKey.kid })
        .sign(publicKeyBytes),
    ],
    [
      'HS256 keyed with the public JWK text',
      await new SignJWT(claimsFor(sub))
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: realKey.kid })
        .sign(new TextEncoder().encode(JSON.stringify(realKey.publicJwk))),
    ],
    ['expired', await real({}, claimsFor(sub, { iat: now - 7200, exp: now - 3600 }))],
    ['nbf in the future', await real({}, claimsFor(sub, { nbf: now + 3600 }))],
    ['no exp', await real({}, claimsFor(sub, { exp: undefined }))],
    ['lifetime longer than 8 hours', await real({}, claimsFor(sub, { exp: now + 30 * 24 * 3600 }))],
    ['iat in the future', await real({}, claimsFor(sub, { iat: now + 3600, exp: now + 7200 }))],
    ['wrong iss', await real({}, claimsFor(sub, { iss: 'mmdm-auth-evil' }))],
    ['wrong aud', await real({}, claimsFor(sub, { aud: 'someone-else' }))],
    ['wrong typ', await real({ typ: 'at+jwt' }, claimsFor(sub))],
    ['unknown kid', await real({ kid: 'not-a-key-we-have' }, claimsFor(sub))],
    [
      'no kid',
      await new SignJWT(claimsFor(sub)).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' }).sign(realKey.privateKey),
    ],
    ["jku header to the attacker's key set", await real({ jku: 'https://attacker.example/jwks.json' }, claimsFor(sub))],
    ["jwk header with the attacker's key", await signWith(attacker.privateKey, { jwk: attackerJwk }, claimsFor(sub))],
    ['x5u header', await real({ x5u: 'https://attacker.example/cert.pem' }, claimsFor(sub))],
    [
      'crit header',
      rawSigned({ alg: 'EdDSA', typ: 'JWT', kid: realKey.kid, crit: ['x-bypass'], 'x-bypass': true }, claimsFor(sub)),
    ],
    ['signed by another key under the real kid', await signWith(attacker.privateKey, {}, claimsFor(sub))],
    [
      'tampered claims (viewer raised to admin)',
      `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), role: 'admin' })}.${s}`,
    ],
    [
      'tampered header (kid swapped)',
      `${b64({ ...JSON.parse(Buffer.from(h, 'base64url').toString()), kid: retired.kid })}.${p}.${s}`,
    ],
    ['signature truncated', `${h}.${p}.${s.slice(0, -4)}`],
    ['a retired key past its window', await signWith(retiredKey, { kid: retired.kid }, claimsFor(sub))],
    ['unknown role', await real({}, claimsFor(sub, { role: 'superadmin' }))],
    ['no jti', await real({}, claimsFor(sub, { jti: undefined }))],
    ['no session generation', await real({}, claimsFor(sub, { gen: undefined }))],
    ['huge token', await real({}, claimsFor(sub, { padding: 'A'.repeat(20_000) }))],
    ['garbage', 'not.a.token'],
  ];
}

/** A compact JWS signed by hand with the real key, for headers jose itself refuses to produce. */
function rawSigned(header: object, payload: JWTPayload): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${sign(null, Buffer.from(input), KeyObject.from(realKey.privateKey)).toString('base64url')}`;
}

const call = (method: string, path: string, token: string | undefined, body?: object): Promise<Answer> =>
  request(system.gateway.url, path, {
    method,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    body: body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
  });

describe('forged staff tokens', () => {
  it('a genuine admin token is accepted by every read-only staff endpoint (control)', async () => {
    for (const endpoint of STAFF_ENDPOINTS.filter((e) => e.readOnly)) {
      const answer = await call(endpoint.method, endpoint.path, staff.admin.token);
      expect(answer.status, `${endpoint.method} ${endpoint.path}: ${answer.text.slice(0, 200)}`).toBe(200);
    }
  });

  it('every kind of forgery is refused with 401 by verify and by every staff endpoint of both services', async () => {
    const forged = await forgeries();
    expect(forged.length).toBeGreaterThanOrEqual(12);
    const accepted: string[] = [];
    for (const [kind, token] of forged) {
      for (const endpoint of STAFF_ENDPOINTS) {
        const answer = await call(endpoint.method, endpoint.path, token, endpoint.body);
        // A huge token may be cut by the header limits first; that is a refusal too, never a 2xx or 5xx.
        const refused = answer.status === 401 || (kind === 'huge token' && [400, 431].includes(answer.status));
        if (!refused) accepted.push(`${kind} → ${endpoint.method} ${endpoint.path}: ${answer.status}`);
      }
    }
    expect(accepted).toEqual([]);
    // Nothing a forgery asked for happened.
    const { rows } = await system.context.pool.query('select 1 from auth.staff where email like $1', ['forged-%']);
    expect(rows).toHaveLength(0);
  });
});

describe('roles', () => {
  it("a viewer's genuine token: 403 from every call declared for admins, nothing it may read refused for its role", async () => {
    const wrong: string[] = [];
    for (const endpoint of STAFF_ENDPOINTS) {
      const access = declaredCallOf(endpoint)?.access;
      const adminOnly = access === 'admin';
      // Only reads among the calls a viewer may make: the others would change the viewer's own account.
      if (!adminOnly && !endpoint.readOnly) continue;
      const answer = await call(endpoint.method, endpoint.path, staff.viewer.token, endpoint.body);
      const refusedForRole = answer.status === 403 && answer.body?.code === 'forbidden';
      if (adminOnly !== refusedForRole) wrong.push(`${endpoint.method} ${endpoint.path} (${access}): ${answer.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('ended sessions', () => {
  it('a logged-out token is refused everywhere, the same second', async () => {
    const account = await createStaff(system.auth, { role: 'admin' });
    const token = await signIn(system.auth, account);
    secrets.add(account.password, token);
    expect((await call('POST', '/api/admin/logout', token)).status).toBe(204);
    for (const endpoint of STAFF_ENDPOINTS.filter((e) => e.readOnly)) {
      expect((await call(endpoint.method, endpoint.path, token)).status, `${endpoint.method} ${endpoint.path}`).toBe(
        401,
      );
    }
  });

  it("a disabled account's token is refused everywhere", async () => {
    const account = await createStaff(system.auth, { role: 'viewer' });
    const token = await signIn(system.auth, account);
    secrets.add(account.password, token);
    expect((await call('GET', '/api/admin/waitlist/stats', token)).status).toBe(200);
    const disabled = await call('PATCH', `/api/admin/staff/${account.id}`, staff.admin.token, { disabled: true });
    expect(disabled.status).toBe(200);
    for (const endpoint of STAFF_ENDPOINTS.filter((e) => e.readOnly)) {
      expect((await call(endpoint.method, endpoint.path, token)).status, `${endpoint.method} ${endpoint.path}`).toBe(
        401,
      );
    }
  });
});

describe('revocation store unreachable', () => {
  it('nothing is accepted (fail closed): every staff endpoint answers 503, quickly, until Redis is back', async () => {
    const proxy = await TcpProxy.forUrl(system.context.redisUrl, 6379).start();
    const cut = await startSystem({ redisUrl: proxy.rewrite(system.context.redisUrl) });
    try {
      const account = await createStaff(cut.auth, { role: 'admin' });
      const token = await signIn(cut.auth, account);
      secrets.add(account.password, token);
      const viaGateway = (method: string, path: string) =>
        request(cut.gateway.url, path, {
          method,
          headers: { authorization: `Bearer ${token}` },
          body: method === 'POST' ? {} : undefined,
        });
      expect((await viaGateway('GET', '/api/admin/verify')).status).toBe(200);

      proxy.cutOff();
      for (const endpoint of STAFF_ENDPOINTS.filter((e) => e.readOnly)) {
        const answer = await viaGateway(endpoint.method, endpoint.path);
        expect(answer.status, `${endpoint.method} ${endpoint.path}: ${answer.text.slice(0, 200)}`).toBe(503);
        expect(answer.ms).toBeLessThan(3000);
        expect(answer.body).toMatchObject({ success: false });
      }
      // Signing in needs the throttle counters: refused too, never waved through unthrottled.
      const login = await request(cut.gateway.url, '/api/admin/login', {
        method: 'POST',
        body: { email: account.email, password: account.password },
      });
      expect(login.status).toBe(503);
      expect(cut.logs()).not.toContain(account.password);
    } finally {
      proxy.restore();
      await cut.close();
      await proxy.close();
    }
  });
});
