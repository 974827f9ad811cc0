import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { revocationKeys } from '@mmdm/shared/tokens';
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

describe('the revocation cache after Redis lost it', () => {
  /**
   * An auth service stand-in: its JWKS, and the refill the waitlist service asks for, which (as auth does from its
   * tables) puts the revoked token back in the cache and then the marker; `refill: false` answers 503 instead.
   */
  async function fakeAuth(jwk: object, revokedJti: string, refill: { ok: boolean; calls: number }) {
    const redis = new Redis(context.redisUrl, { maxRetriesPerRequest: 1 });
    const server = createServer((req, res) => {
      if (req.url === '/internal/revocations/restore' && req.method === 'POST') {
        refill.calls += 1;
        if (!refill.ok) return void res.writeHead(503).end();
        void redis
          .multi()
          .set(revocationKeys.token(context.prefix, revokedJti), '1', 'EX', 3600)
          .set(revocationKeys.loaded(context.prefix), 'refilled')
          .exec()
          .then(() => res.writeHead(204).end());
        return;
      }
      res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      redis,
      close: () => {
        redis.disconnect();
        server.close();
      },
    };
  }

  /**
   * The API in front of the stand-in, its cache emptied as a Redis that lost its data leaves it (no marker, no revoked
   * token): `check` then makes its calls with the signed-out token; everything is closed after.
   */
  async function afterLoss(
    refill: { ok: boolean; calls: number },
    check: (call: () => Promise<{ status: number }>) => Promise<void>,
  ) {
    const { token, jwk } = await signedToken();
    const auth = await fakeAuth(jwk, 'jti-1', refill);
    let api: ApiHarness | undefined;
    try {
      api = await startApi(context, {
        staffKeys: remoteStaffKeys(`${auth.url}/.well-known/jwks.json`),
        authUrl: auth.url,
      });
      await auth.redis.del(revocationKeys.loaded(context.prefix), revocationKeys.token(context.prefix, 'jti-1'));
      const started = api;
      await check(() => started.request('/api/admin/waitlist/stats', { token }));
    } finally {
      await api?.close();
      auth.close();
    }
  }

  it('is filled again by the auth service before any token is accepted; a signed-out token stays refused', async () => {
    const refill = { ok: true, calls: 0 };
    await afterLoss(refill, async (stats) => {
      expect((await stats()).status).toBe(401);
      expect(refill.calls).toBe(1);
      // With the marker back, the cache is trusted: no more refills.
      expect((await stats()).status).toBe(401);
      expect(refill.calls).toBe(1);
    });
  });

  it('answers 503, never reading an empty cache as "nothing revoked", while the auth service cannot fill it', async () => {
    const refill = { ok: false, calls: 0 };
    await afterLoss(refill, async (stats) => {
      expect((await stats()).status).toBe(503);
      expect(refill.calls).toBe(1);
      // Right after a failed refill the next call is refused at once, without asking again; a second later it asks.
      expect((await stats()).status).toBe(503);
      expect(refill.calls).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      refill.ok = true;
      expect((await stats()).status).toBe(401);
      expect(refill.calls).toBe(2);
    });
  });
});
