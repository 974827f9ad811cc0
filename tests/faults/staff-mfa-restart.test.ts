import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt, waitOutStepEdge } from '../support/index.js';
import { request } from '../support/http.js';
import { createStaff, signIn } from '../../services/auth/src/testing/auth-harness.js';
import { startSystem, type System } from './support/system.js';

/**
 * STAFF_MFA=required set at a restart: a session signed in with a password alone (under `optional`) must not keep
 * its access for the rest of its 8 hours. Every service that verifies staff tokens reads the variable and the token's
 * `amr`; one signed in with a second factor goes on.
 */
let system: System | undefined;

afterAll(async () => {
  await system?.close();
});

const REQUIRED = { STAFF_MFA: 'required' };
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;

describe('a second factor required at a restart', () => {
  let passwordOnly: string;
  let withFactor: string;

  beforeAll(async () => {
    const before = await startSystem();
    const admin = await createStaff(before.auth, { role: 'admin' });
    passwordOnly = await signIn(before.auth, admin);
    expect(payloadOf(passwordOnly).amr).toEqual(['pwd']);

    // A member who signs in with an authenticator app: their session shows it.
    const member = await createStaff(before.auth, { role: 'admin' });
    const enrolling = await signIn(before.auth, member);
    const setup = await before.auth.request('/api/admin/me/mfa/totp', { method: 'POST', token: enrolling });
    await waitOutStepEdge(2000, 50);
    const confirmed = await before.auth.request('/api/admin/me/mfa/totp/confirm', {
      method: 'POST',
      token: enrolling,
      body: { code: totpCodeAt(setup.body.secret as string) },
    });
    expect(confirmed.status).toBe(200);
    await waitOutStepEdge(2000, 50);
    const step = await before.auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: member.email, password: member.password },
    });
    const done = await before.auth.request('/api/admin/login/second-factor', {
      method: 'POST',
      // The step after the one confirmed at enrolment: a code is taken once.
      body: { mfaToken: step.body.mfaToken, method: 'totp', code: totpCodeAt(setup.body.secret as string, 1) },
    });
    expect(done.status).toBe(200);
    withFactor = done.body.token as string;
    expect(payloadOf(withFactor).amr).toEqual(['pwd', 'otp']);

    // Both work before the restart: the entries list answers them.
    for (const token of [passwordOnly, withFactor]) {
      const entries = await request(before.gateway.url, '/api/admin/waitlist/entries', { token });
      expect(entries.status).toBe(200);
    }
    await before.stopServices();
    system = await startSystem({ context: before.context, authEnv: REQUIRED, apiEnv: REQUIRED });
  });

  it.each([
    ['the entries list (waitlist service)', '/api/admin/waitlist/entries'],
    ['the CSV export (waitlist service)', '/api/admin/waitlist/entries.csv'],
    ['the staff list (auth service)', '/api/admin/staff'],
    ['the panel guard (auth service)', '/api/admin/verify'],
  ])('refuses the password-only session at %s with 401 second_factor_required', async (_label, path) => {
    const answer = await request(system!.gateway.url, path, { token: passwordOnly });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false, code: 'second_factor_required' });
    expect(answer.body.message).toContain('Sign in again');
  });

  it('lets the session signed in with a second factor go on in both services', async () => {
    expect((await request(system!.gateway.url, '/api/admin/waitlist/entries', { token: withFactor })).status).toBe(200);
    expect((await request(system!.gateway.url, '/api/admin/waitlist/entries.csv', { token: withFactor })).status).toBe(
      200,
    );
    expect((await request(system!.gateway.url, '/api/admin/staff', { token: withFactor })).status).toBe(200);
  });
});
