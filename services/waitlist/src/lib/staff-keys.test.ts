import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { startApi, useTestContext, type ApiHarness } from '../testing/waitlist-harness.js';
import { remoteStaffKeys } from './staff-keys.js';

const context = useTestContext();

async function signedToken(kid = 'k1') {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const token = await new SignJWT({ role: 'admin', gen: 0 })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
    .setIssuer('mmdm-auth')
    .setAudience('mmdm-staff')
    .setSubject('staff-1')
    .setJti('jti-1')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  return { token, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' } };
}

describe('staff keys from the auth service JWKS', () => {
  it('verify a token signed with a published key', async () => {
    const { token, jwk } = await signedToken();
    const jwks = createServer((_req, res) =>
      res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })),
    );
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', () => resolve()));
    let api: ApiHarness | undefined;
    try {
      const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
      api = await startApi(context, { staffKeys: remoteStaffKeys(url) });
      expect((await api.request('/api/admin/waitlist/stats', { token })).status).toBe(200);
    } finally {
      await api?.close();
      jwks.close();
    }
  });

  it('accept a key rotated in right after the last fetch, at once (no 401 while a cache cools down)', async () => {
    const first = await signedToken('k1');
    const rotated = await signedToken('k2');
    const published = [first.jwk];
    const jwks = createServer((_req, res) =>
      res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: published })),
    );
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', () => resolve()));
    let api: ApiHarness | undefined;
    try {
      const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
      api = await startApi(context, { staffKeys: remoteStaffKeys(url) });
      expect((await api.request('/api/admin/waitlist/stats', { token: first.token })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      published.push(rotated.jwk);
      expect((await api.request('/api/admin/waitlist/stats', { token: rotated.token })).status).toBe(200);
      expect((await api.request('/api/admin/waitlist/stats', { token: first.token })).status).toBe(200);
    } finally {
      await api?.close();
      jwks.close();
    }
  });

  it('answer 503, not 401 or 500, while the JWKS cannot be fetched', async () => {
    const { token } = await signedToken();
    const api = await startApi(context, { staffKeys: remoteStaffKeys('http://127.0.0.1:9/.well-known/jwks.json') });
    try {
      const answer = await api.request('/api/admin/waitlist/stats', { token });
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('unavailable');
    } finally {
      await api.close();
    }
  });
});
