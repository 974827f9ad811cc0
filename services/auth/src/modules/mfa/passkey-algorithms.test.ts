import { describe, expect, it } from 'vitest';
import { createStaff, signIn, useAuthService } from '../../testing/auth-harness.js';
import { softAuthenticator, type CoseAlgorithm } from '../../testing/soft-authenticator.js';

const ORIGIN = 'https://staff.mmdm.test';
const auth = useAuthService({ env: { PUBLIC_URL: ORIGIN } });

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;

/**
 * The algorithms people's passkeys sign with, through the service's real ceremonies and @simplewebauthn/server's
 * verification: ES256 (phones, security keys, Chromium; its signatures are ASN.1 DER, which the library unwraps with
 * @peculiar/asn1-schema, broken while two versions of it were installed), RS256 (Windows Hello) and EdDSA.
 */
describe.each<CoseAlgorithm>(['ES256', 'RS256', 'EdDSA'])('a passkey signing with %s', (alg) => {
  it('registers, then signs in as the second step; the session says a device-bound key was used (amr hwk)', async () => {
    const account = await createStaff(auth);
    const token = await signIn(auth, account);
    const authenticator = softAuthenticator(alg, { origin: ORIGIN, rpId: 'staff.mmdm.test' });

    const creation = await auth.request('/api/admin/me/mfa/passkeys/options', { method: 'POST', token });
    expect(creation.status).toBe(200);
    const registered = await auth.request('/api/admin/me/mfa/passkeys', {
      method: 'POST',
      token,
      body: { name: `${alg} key`, response: authenticator.register(creation.body) },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(claimsOf(registered.body.session.token as string).amr).toEqual(['pwd', 'hwk']);

    const step = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    });
    expect(step.body).toMatchObject({ step: 'second_factor', methods: ['passkey', 'recovery'] });
    const request = await auth.request('/api/admin/login/passkey-options', {
      method: 'POST',
      body: { mfaToken: step.body.mfaToken },
    });
    expect(request.status).toBe(200);
    const signedIn = await auth.request('/api/admin/login/second-factor', {
      method: 'POST',
      body: { mfaToken: step.body.mfaToken, method: 'passkey', response: authenticator.authenticate(request.body) },
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(claimsOf(signedIn.body.token as string).amr).toEqual(['pwd', 'hwk']);
    expect((await auth.request('/api/admin/me', { token: signedIn.body.token as string })).status).toBe(200);

    // A signature over another challenge (a replayed assertion) does not sign in.
    const again = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    });
    await auth.request('/api/admin/login/passkey-options', { method: 'POST', body: { mfaToken: again.body.mfaToken } });
    const replayed = await auth.request('/api/admin/login/second-factor', {
      method: 'POST',
      body: { mfaToken: again.body.mfaToken, method: 'passkey', response: authenticator.authenticate(request.body) },
    });
    expect(replayed.status).toBe(401);
  });
});
