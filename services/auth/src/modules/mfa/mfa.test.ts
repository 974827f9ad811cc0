import { randomBytes } from 'node:crypto';
import { totpCodeAt, waitOutStepEdge } from '@mmdm/tests/support';
import { describe, expect, it } from 'vitest';
import { createStaff, randomIp, signIn, startAuth, useAuthService } from '../../testing/auth-harness.js';

type Account = Awaited<ReturnType<typeof createStaff>>;

const ENCRYPTION_KEY = randomBytes(32).toString('base64');
// A database of its own: a test here turns the second-factor policy on for every account, which would end the sessions
// of the staff that other files, running at the same time, create in the run's shared database.
const auth = useAuthService({
  ownDatabase: true,
  env: { MFA_ENCRYPTION_KEY: ENCRYPTION_KEY, PUBLIC_URL: 'https://staff.mmdm.test' },
});

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;

/** A code made here is still of its step when the service checks it: the last two seconds of a step are waited out. */
const awayFromStepEdge = () => waitOutStepEdge(2000, 50);

const login = (account: { email: string; password: string }, ip = randomIp()) =>
  auth.request('/api/admin/login', { method: 'POST', body: { email: account.email, password: account.password }, ip });

const secondFactor = (mfaToken: string, body: Record<string, unknown>, ip = randomIp()) =>
  auth.request('/api/admin/login/second-factor', { method: 'POST', body: { mfaToken, ...body }, ip });

const auditOf = async (staffId: string) =>
  (
    await auth.pool.query<{ action: string; details: Record<string, unknown> }>(
      `select action, details from auth.audit_log where target = $1 order by id`,
      [staffId],
    )
  ).rows;

/** Enrols an authenticator app for the account with the token given; answers the secret and the enrolment. */
async function enrolTotp(token: string) {
  const setup = await auth.request('/api/admin/me/mfa/totp', { method: 'POST', token });
  expect(setup.status).toBe(200);
  await awayFromStepEdge();
  const secret = setup.body.secret as string;
  const confirmed = await auth.request('/api/admin/me/mfa/totp/confirm', {
    method: 'POST',
    token,
    body: { code: totpCodeAt(secret) },
  });
  expect(confirmed.status).toBe(200);
  return {
    secret,
    setup: setup.body,
    session: confirmed.body.session.token as string,
    recoveryCodes: confirmed.body.recoveryCodes as string[],
  };
}

/** A member with an authenticator app, and the step token of a fresh password sign-in. */
async function memberWithTotp(role: 'admin' | 'viewer' = 'viewer') {
  const account = await createStaff(auth, { role });
  const enrolment = await enrolTotp(await signIn(auth, account));
  return { account, ...enrolment };
}

async function passwordStep(account: Account, ip?: string): Promise<string> {
  const result = await login(account, ip);
  expect(result.status).toBe(200);
  expect(result.body.step).toBe('second_factor');
  return result.body.mfaToken as string;
}

describe('enrolling an authenticator app', () => {
  it('shows a secret and its QR code once, confirms with the first code, hands out ten recovery codes and ends older sessions', async () => {
    const account = await createStaff(auth);
    const before = await signIn(auth, account);
    const other = await signIn(auth, account);
    expect((await auth.request('/api/admin/me/mfa', { token: before })).body).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await auth.request('/api/admin/me/mfa/totp', { method: 'POST', token: before });
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toContain(
      `otpauth://totp/Meet%20Match%20Date%20Marry:${encodeURIComponent(account.email)}?`,
    );
    expect(setup.body.otpauthUri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qr.size).toBeGreaterThanOrEqual(21);
    expect(setup.body.qr.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);

    const wrong = await auth.request('/api/admin/me/mfa/totp/confirm', {
      method: 'POST',
      token: before,
      body: { code: '000000' === totpCodeAt(setup.body.secret) ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_second_factor');

    await awayFromStepEdge();
    const confirmed = await auth.request('/api/admin/me/mfa/totp/confirm', {
      method: 'POST',
      token: before,
      body: { code: totpCodeAt(setup.body.secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);

    // Every other session is over; the enrolling one goes on, re-issued with the factor in its amr but the same jti
    // and expiry: an enrolment never lengthens a session.
    expect((await auth.request('/api/admin/verify', { token: other })).status).toBe(401);
    expect((await auth.request('/api/admin/verify', { token: before })).status).toBe(200);
    const fresh = confirmed.body.session.token as string;
    const [was, is] = [before, fresh].map(claimsOf);
    expect(is).toMatchObject({ jti: was?.jti, exp: was?.exp, auth_time: was?.auth_time, amr: ['pwd', 'otp'] });
    expect(confirmed.body.session.expiresAt).toBe(new Date((was?.exp as number) * 1000).toISOString());
    expect((await auth.request('/api/admin/me/mfa', { token: fresh })).body).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    });

    // The secret is sealed at rest, never shown again and never logged; recovery codes are stored hashed.
    const stored = await auth.pool.query<{ secret_sealed: string }>(
      `select secret_sealed from auth.staff_totp where staff_id = $1`,
      [account.id],
    );
    expect(stored.rows[0]?.secret_sealed).toMatch(/^v1:/);
    expect(stored.rows[0]?.secret_sealed).not.toContain(setup.body.secret);
    const codes = await auth.pool.query<{ code_hash: string }>(
      `select code_hash from auth.staff_recovery_codes where staff_id = $1`,
      [account.id],
    );
    const plain = (confirmed.body.recoveryCodes as string[]).map((code) => code.replaceAll('-', ''));
    expect(codes.rows.some((row) => plain.some((code) => row.code_hash.includes(code)))).toBe(false);
    expect(auth.logs.text()).not.toContain(setup.body.secret);
    expect(JSON.stringify((await auth.request('/api/admin/me/mfa', { token: fresh })).body)).not.toContain(
      setup.body.secret,
    );
    expect((await auth.request('/api/admin/me/mfa/totp', { method: 'POST', token: fresh })).status).toBe(409);

    expect((await auditOf(account.id)).map((row) => row.action)).toContain('mfa.totp_enrolled');
  });
});

describe('signing in with an authenticator app', () => {
  it('the right password answers a second step whose token is no session; the code then signs in', async () => {
    const { account, secret } = await memberWithTotp('admin');
    const step = await login(account);
    expect(step.body).toEqual({
      step: 'second_factor',
      mfaToken: expect.any(String),
      expiresAt: expect.any(String),
      methods: ['totp', 'recovery'],
    });
    const lifetimeMs = Date.parse(step.body.expiresAt) - Date.now();
    expect(lifetimeMs).toBeGreaterThan(4 * 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(5 * 60_000);
    // The step token opens nothing.
    expect((await auth.request('/api/admin/verify', { token: step.body.mfaToken })).status).toBe(401);
    expect((await auth.request('/api/admin/staff', { token: step.body.mfaToken })).status).toBe(401);
    expect((await auth.request('/api/admin/me/mfa', { token: step.body.mfaToken })).status).toBe(401);

    await awayFromStepEdge();
    const done = await secondFactor(step.body.mfaToken, { method: 'totp', code: totpCodeAt(secret, 1) });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String), role: 'admin' });
    expect((await auth.request('/api/admin/staff', { token: done.body.token })).status).toBe(200);

    // One session per step token.
    expect((await secondFactor(step.body.mfaToken, { method: 'totp', code: totpCodeAt(secret, 1) })).status).toBe(401);
    const actions = (await auditOf(account.id)).map((row) => row.action);
    expect(actions.slice(-3)).toEqual(['login.password_accepted', 'login.succeeded', 'login.second_factor_failed']);
  });

  it('accepts a code one step early or late and refuses one three steps away', async () => {
    const { account, secret } = await memberWithTotp();
    await awayFromStepEdge();
    expect(
      (await secondFactor(await passwordStep(account), { method: 'totp', code: totpCodeAt(secret, -3) })).status,
    ).toBe(401);
    expect(
      (await secondFactor(await passwordStep(account), { method: 'totp', code: totpCodeAt(secret, 3) })).status,
    ).toBe(401);
    expect(
      (await secondFactor(await passwordStep(account), { method: 'totp', code: totpCodeAt(secret, 1) })).status,
    ).toBe(200);

    const late = await memberWithTotp();
    // The enrolment used this step's code: a code of the step before is older, hence refused; prove -1 on a fresh secret.
    await auth.pool.query(`update auth.staff_totp set last_used_step = 0 where staff_id = $1`, [late.account.id]);
    await awayFromStepEdge();
    expect(
      (await secondFactor(await passwordStep(late.account), { method: 'totp', code: totpCodeAt(late.secret, -1) }))
        .status,
    ).toBe(200);
  });

  it('refuses a code already used, and any code of an earlier step (replay)', async () => {
    const { account, secret } = await memberWithTotp();
    await awayFromStepEdge();
    const code = totpCodeAt(secret, 1);
    expect((await secondFactor(await passwordStep(account), { method: 'totp', code })).status).toBe(200);
    const replay = await secondFactor(await passwordStep(account), { method: 'totp', code });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ success: false, code: 'invalid_second_factor' });
    // The enrolment's own code (this step) is older than the one just used.
    expect(
      (await secondFactor(await passwordStep(account), { method: 'totp', code: totpCodeAt(secret, 0) })).status,
    ).toBe(401);
    const reasons = (await auditOf(account.id))
      .filter((row) => row.action === 'login.second_factor_failed')
      .map((row) => row.details.reason);
    expect(reasons).toEqual(['code_reused', 'code_reused']);
  });

  it('a wrong code is audited and the second step is throttled: after five failures even the right code waits', async () => {
    const { account, secret } = await memberWithTotp();
    const ip = randomIp();
    const wrong = totpCodeAt(secret, 10);
    for (let i = 0; i < 5; i += 1) {
      const failed = await secondFactor(await passwordStep(account, ip), { method: 'totp', code: wrong }, ip);
      expect(failed.status).toBe(401);
    }
    await awayFromStepEdge();
    const blocked = await secondFactor(
      await passwordStep(account, ip),
      { method: 'totp', code: totpCodeAt(secret, 1) },
      ip,
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.body).toMatchObject({ code: 'too_many_attempts' });
    // The owner elsewhere is not locked out by that address.
    expect(
      (await secondFactor(await passwordStep(account), { method: 'totp', code: totpCodeAt(secret, 1) })).status,
    ).toBe(200);

    const failures = (await auditOf(account.id)).filter((row) => row.action === 'login.second_factor_failed');
    expect(failures).toHaveLength(5);
    expect(failures.every((row) => row.details.method === 'totp' && row.details.reason === 'wrong_code')).toBe(true);
  });
});

describe('recovery codes', () => {
  it('each signs in once, in any case and without dashes; a used one is refused', async () => {
    const { account, recoveryCodes } = await memberWithTotp();
    const [first, second] = recoveryCodes as [string, string];
    const used = await secondFactor(await passwordStep(account), { method: 'recovery', code: first });
    expect(used.status).toBe(200);
    const again = await secondFactor(await passwordStep(account), { method: 'recovery', code: first });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('That recovery code did not work. Each code works once.');
    const typed = second.replaceAll('-', '').toLowerCase();
    expect((await secondFactor(await passwordStep(account), { method: 'recovery', code: typed })).status).toBe(200);

    const status = await auth.request('/api/admin/me/mfa', { token: used.body.token });
    expect(status.body).toMatchObject({ totp: true, recoveryCodesLeft: 8 });
    const succeeded = (await auditOf(account.id))
      .filter((row) => row.action === 'login.succeeded')
      .map((row) => row.details);
    expect(succeeded.slice(-2)).toEqual([
      { method: 'recovery', recoveryCodesLeft: 9 },
      { method: 'recovery', recoveryCodesLeft: 8 },
    ]);
  });

  it('renewing them voids the old set', async () => {
    const { account, recoveryCodes, session } = await memberWithTotp();
    const renewed = await auth.request('/api/admin/me/mfa/recovery-codes', { method: 'POST', token: session });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(
      (await secondFactor(await passwordStep(account), { method: 'recovery', code: recoveryCodes[0] })).status,
    ).toBe(401);
    expect(
      (await secondFactor(await passwordStep(account), { method: 'recovery', code: renewed.body.recoveryCodes[0] }))
        .status,
    ).toBe(200);
    expect((await auditOf(account.id)).map((row) => row.action)).toContain('mfa.recovery_codes_renewed');
  });
});

describe('required enrolment', () => {
  it('with STAFF_MFA=required an account without a factor gets a token that can only enrol, then a session', async () => {
    const strict = await startAuth({ env: { STAFF_MFA: 'required' } });
    try {
      const account = await createStaff(strict, { role: 'admin' });
      const step = await strict.request('/api/admin/login', {
        method: 'POST',
        body: { email: account.email, password: account.password },
      });
      expect(step.status).toBe(200);
      expect(step.body).toEqual({ step: 'enrol', enrolToken: expect.any(String), expiresAt: expect.any(String) });
      const enrolToken = step.body.enrolToken as string;
      for (const [method, path] of [
        ['GET', '/api/admin/verify'],
        ['GET', '/api/admin/me'],
        ['GET', '/api/admin/staff'],
        ['GET', '/api/admin/audit'],
        ['POST', '/api/admin/me/mfa/recovery-codes'],
      ] as const) {
        expect((await strict.request(path, { method, token: enrolToken })).status, path).toBe(401);
      }
      expect((await strict.request('/api/admin/me/mfa', { token: enrolToken })).body).toMatchObject({
        totp: false,
        required: true,
      });
      const setup = await strict.request('/api/admin/me/mfa/totp', { method: 'POST', token: enrolToken });
      await awayFromStepEdge();
      const confirmed = await strict.request('/api/admin/me/mfa/totp/confirm', {
        method: 'POST',
        token: enrolToken,
        body: { code: totpCodeAt(setup.body.secret) },
      });
      expect(confirmed.status).toBe(200);
      expect((await strict.request('/api/admin/staff', { token: confirmed.body.session.token })).status).toBe(200);
      // The enrolment token is spent with the enrolment.
      expect((await strict.request('/api/admin/me/mfa', { token: enrolToken })).status).toBe(401);
      // The last factor cannot be removed while one is required.
      const removed = await strict.request('/api/admin/me/mfa/totp', {
        method: 'DELETE',
        token: confirmed.body.session.token,
      });
      expect(removed.status).toBe(409);
      expect(removed.body.code).toBe('mfa_required');
      expect((await strict.request('/api/admin/mfa/policy', { token: confirmed.body.session.token })).body).toEqual({
        required: true,
        requiredByOps: true,
      });
    } finally {
      await strict.close();
    }
  });

  it("the admin's Settings switch needs their own factor, ends the sessions of members without one, and is audited", async () => {
    const { session: adminSession, account: admin } = await memberWithTotp('admin');
    const bare = await createStaff(auth, { role: 'admin' });
    const bareSession = await signIn(auth, bare);
    const refused = await auth.request('/api/admin/mfa/policy', {
      method: 'PUT',
      token: bareSession,
      body: { required: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('no_second_factor');

    const viewer = await createStaff(auth);
    const viewerSession = await signIn(auth, viewer);
    try {
      const on = await auth.request('/api/admin/mfa/policy', {
        method: 'PUT',
        token: adminSession,
        body: { required: true },
      });
      expect(on.body).toEqual({ required: true, requiredByOps: false });
      expect((await auth.request('/api/admin/verify', { token: viewerSession })).status).toBe(401);
      expect((await auth.request('/api/admin/verify', { token: adminSession })).status).toBe(200);
      expect((await login(viewer)).body.step).toBe('enrol');
      const { rows } = await auth.pool.query(
        `select details from auth.audit_log where action = 'mfa.policy_changed' and actor_sub = $1`,
        [admin.id],
      );
      expect(rows[0]?.details).toEqual({ before: false, after: true });
    } finally {
      await auth.request('/api/admin/mfa/policy', { method: 'PUT', token: adminSession, body: { required: false } });
    }
    expect((await login(viewer)).body.token).toEqual(expect.any(String));
  });
});

describe("an admin's reset", () => {
  it("removes another member's factors and recovery codes, ends their sessions, and is audited; viewers may not", async () => {
    const { session: adminSession, account: admin } = await memberWithTotp('admin');
    const { account: member, session: memberSession } = await memberWithTotp();
    const memberStep = await passwordStep(member);

    expect(
      (await auth.request(`/api/admin/mfa/staff/${member.id}/reset`, { method: 'POST', token: memberSession })).status,
    ).toBe(403);
    expect(
      (await auth.request(`/api/admin/mfa/staff/${admin.id}/reset`, { method: 'POST', token: adminSession })).status,
    ).toBe(400);

    const staffList = await auth.request('/api/admin/mfa/staff', { token: adminSession });
    expect(staffList.body.items).toContainEqual({ staffId: member.id, email: member.email, totp: true, passkeys: 0 });

    const reset = await auth.request(`/api/admin/mfa/staff/${member.id}/reset`, {
      method: 'POST',
      token: adminSession,
    });
    expect(reset.status).toBe(204);
    expect((await auth.request('/api/admin/verify', { token: memberSession })).status).toBe(401);
    // A second step begun before the reset cannot be finished either.
    expect((await secondFactor(memberStep, { method: 'recovery', code: 'AAAA-AAAA-AAAA' })).status).toBe(401);
    const after = await login(member);
    expect(after.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String), role: 'viewer' });
    const counts = await auth.pool.query(
      `select (select count(*)::int from auth.staff_totp where staff_id = $1) + (select count(*)::int from auth.staff_recovery_codes where staff_id = $1) as n`,
      [member.id],
    );
    expect(counts.rows[0].n).toBe(0);
    const { rows } = await auth.pool.query(
      `select actor_sub, details from auth.audit_log where action = 'mfa.reset' and target = $1`,
      [member.id],
    );
    expect(rows).toEqual([
      { actor_sub: admin.id, details: { email: member.email, before: { totp: true, passkeys: 0 } } },
    ]);
  });
});

describe('passkeys', () => {
  it('registration options name the relying party from PUBLIC_URL and never the address as user handle', async () => {
    const account = await createStaff(auth);
    const token = await signIn(auth, account);
    const options = await auth.request('/api/admin/me/mfa/passkeys/options', { method: 'POST', token });
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ id: 'staff.mmdm.test', name: 'Meet Match Date Marry staff' });
    expect(options.body.user.name).toBe(account.email);
    expect(Buffer.from(options.body.user.id, 'base64url').toString()).toBe(account.id);
    expect(options.body.attestation).toBe('none');
  });

  it('a forged registration is refused and changes nothing', async () => {
    const account = await createStaff(auth);
    const token = await signIn(auth, account);
    await auth.request('/api/admin/me/mfa/passkeys/options', { method: 'POST', token });
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: 'bm90LXRoZS1jaGFsbGVuZ2U', origin: 'https://evil.test' }),
    ).toString('base64url');
    const forged = await auth.request('/api/admin/me/mfa/passkeys', {
      method: 'POST',
      token,
      body: {
        name: 'Forged',
        response: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON, attestationObject: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('passkey_invalid');
    expect((await auth.request('/api/admin/verify', { token })).status).toBe(200);
    expect((await login(account)).body.token).toEqual(expect.any(String));
  });

  it('sign-in options are refused for an account without a passkey', async () => {
    const { account } = await memberWithTotp();
    const options = await auth.request('/api/admin/login/passkey-options', {
      method: 'POST',
      body: { mfaToken: await passwordStep(account) },
    });
    expect(options.status).toBe(409);
    expect(options.body.code).toBe('no_passkey');
  });
});
