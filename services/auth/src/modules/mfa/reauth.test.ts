import { randomBytes } from 'node:crypto';
import { totpCodeAt, waitOutStepEdge } from '@mmdm/tests/support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStaff, signIn, useAuthService } from '../../testing/auth-harness.js';
import { softAuthenticator } from '../../testing/soft-authenticator.js';

/**
 * ASVS 5.0 V6: adding or removing a second factor, or renewing recovery codes, needs the password or a current
 * factor from the last 5 minutes, so a stolen session token alone cannot plant the thief's authenticator, remove the
 * owner's, or renew itself. Time moves with the clock faked for Date only (the service runs in this process).
 */
const ORIGIN = 'https://staff.mmdm.test';
const auth = useAuthService({ env: { MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PUBLIC_URL: ORIGIN } });
afterEach(() => {
  vi.useRealTimers();
});

/** Six minutes pass: the sign-in is no longer recent. */
const sixMinutesLater = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 6 * 60_000);
};

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;

async function memberWithTotp() {
  const account = await createStaff(auth);
  const token = await signIn(auth, account);
  const setup = await auth.request('/api/admin/me/mfa/totp', { method: 'POST', token });
  await waitOutStepEdge(2000, 50);
  const confirmed = await auth.request('/api/admin/me/mfa/totp/confirm', {
    method: 'POST',
    token,
    body: { code: totpCodeAt(setup.body.secret as string) },
  });
  expect(confirmed.status).toBe(200);
  return { account, secret: setup.body.secret as string, token: confirmed.body.session.token as string };
}

const REAUTH_REQUIRED = { success: false, code: 'reauth_required' };

describe('changing second factors with a session that signed in more than 5 minutes ago', () => {
  it('is refused with 403 reauth_required for each change, and nothing changes', async () => {
    const { account, token } = await memberWithTotp();
    const before = await auth.request('/api/admin/me/mfa', { token });
    sixMinutesLater();
    const { rows } = await auth.pool.query<{ id: string }>(`select id from auth.staff_passkeys where staff_id = $1`, [
      account.id,
    ]);
    expect(rows).toHaveLength(0);
    for (const [method, path] of [
      ['POST', '/api/admin/me/mfa/totp'],
      ['DELETE', '/api/admin/me/mfa/totp'],
      ['POST', '/api/admin/me/mfa/passkeys/options'],
      ['POST', '/api/admin/me/mfa/recovery-codes'],
      ['DELETE', '/api/admin/me/mfa/passkeys/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const answer = await auth.request(path, { method, token });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toMatchObject(REAUTH_REQUIRED);
    }
    const confirm = await auth.request('/api/admin/me/mfa/totp/confirm', {
      method: 'POST',
      token,
      body: { code: '123456' },
    });
    expect(confirm.status).toBe(403);
    // The session itself is fine: reading goes on, and the factors are as they were.
    expect((await auth.request('/api/admin/me/mfa', { token })).body).toEqual(before.body);
  });

  it('is allowed for 5 minutes after the password at /me/reauth; a wrong password is a 400 and changes nothing', async () => {
    const { account, token } = await memberWithTotp();
    sixMinutesLater();
    const wrong = await auth.request('/api/admin/me/reauth', {
      method: 'POST',
      token,
      body: { method: 'password', password: 'not my password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'wrong_password' });
    expect((await auth.request('/api/admin/me/mfa/recovery-codes', { method: 'POST', token })).status).toBe(403);

    const right = await auth.request('/api/admin/me/reauth', {
      method: 'POST',
      token,
      body: { method: 'password', password: account.password },
    });
    expect(right.status).toBe(200);
    expect(Date.parse(right.body.until as string)).toBe(Date.now() + 5 * 60_000);
    const renewed = await auth.request('/api/admin/me/mfa/recovery-codes', { method: 'POST', token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);

    const { rows } = await auth.pool.query<{ action: string; details: Record<string, unknown> }>(
      `select action, details from auth.audit_log where target = $1 and action like 'reauth.%' order by id`,
      [account.id],
    );
    expect(rows).toEqual([
      { action: 'reauth.failed', details: { method: 'password', reason: 'wrong_password' } },
      { action: 'reauth.succeeded', details: { method: 'password' } },
    ]);
  });

  it('is allowed after a current authenticator code, which then cannot be used again', async () => {
    const { secret, token } = await memberWithTotp();
    sixMinutesLater();
    await waitOutStepEdge(2000, 50);
    // The code of the next step: the enrolment took this step's.
    const code = totpCodeAt(secret, 1);
    const confirmed = await auth.request('/api/admin/me/reauth', {
      method: 'POST',
      token,
      body: { method: 'totp', code },
    });
    expect(confirmed.status).toBe(200);
    const again = await auth.request('/api/admin/me/reauth', { method: 'POST', token, body: { method: 'totp', code } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_second_factor');
    expect((await auth.request('/api/admin/me/mfa/recovery-codes', { method: 'POST', token })).status).toBe(200);
  });

  it('a stolen token cannot renew itself by enrolling: the enrolment keeps its expiry', async () => {
    const account = await createStaff(auth);
    const token = await signIn(auth, account);
    const authenticator = softAuthenticator('ES256', { origin: ORIGIN, rpId: 'staff.mmdm.test' });
    const options = await auth.request('/api/admin/me/mfa/passkeys/options', { method: 'POST', token });
    const registered = await auth.request('/api/admin/me/mfa/passkeys', {
      method: 'POST',
      token,
      body: { name: 'Laptop', response: authenticator.register(options.body) },
    });
    expect(registered.status).toBe(200);
    const [was, is] = [token, registered.body.session.token as string].map(claimsOf);
    expect(is?.exp).toBe(was?.exp);
    expect(is?.jti).toBe(was?.jti);
    expect(is?.amr).toEqual(['pwd', 'hwk']);
  });
});

describe('adding or removing a factor ends every other session of the member', () => {
  it('removing a passkey ends the sessions of other devices; this one goes on', async () => {
    const account = await createStaff(auth);
    const token = await signIn(auth, account);
    const authenticator = softAuthenticator('ES256', { origin: ORIGIN, rpId: 'staff.mmdm.test' });
    const options = await auth.request('/api/admin/me/mfa/passkeys/options', { method: 'POST', token });
    const registered = await auth.request('/api/admin/me/mfa/passkeys', {
      method: 'POST',
      token,
      body: { name: 'Laptop', response: authenticator.register(options.body) },
    });
    const session = registered.body.session.token as string;

    // A second device signs in with the passkey.
    const step = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    });
    const request = await auth.request('/api/admin/login/passkey-options', {
      method: 'POST',
      body: { mfaToken: step.body.mfaToken },
    });
    const otherDevice = await auth.request('/api/admin/login/second-factor', {
      method: 'POST',
      body: { mfaToken: step.body.mfaToken, method: 'passkey', response: authenticator.authenticate(request.body) },
    });
    expect(otherDevice.status).toBe(200);
    const other = otherDevice.body.token as string;
    expect((await auth.request('/api/admin/verify', { token: other })).status).toBe(200);

    const status = await auth.request('/api/admin/me/mfa', { token: session });
    const passkeyId = (status.body.passkeys as { id: string }[])[0]?.id as string;
    const removed = await auth.request(`/api/admin/me/mfa/passkeys/${passkeyId}`, { method: 'DELETE', token: session });
    expect(removed.status).toBe(204);
    expect((await auth.request('/api/admin/verify', { token: other })).status).toBe(401);
    expect((await auth.request('/api/admin/verify', { token: session })).status).toBe(200);
  });
});
