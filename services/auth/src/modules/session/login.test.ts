import { describe, expect, it } from 'vitest';
import {
  createStaff,
  randomIp,
  signIn,
  startAuth,
  uniqueEmail,
  useAuthService,
  type AuthHarness,
} from '../../testing/auth-harness.js';

const auth = useAuthService();

const login = (email: string, password: string, ip?: string) =>
  auth.request('/api/admin/login', { method: 'POST', body: { email, password }, ...(ip ? { ip } : {}) });

const INVALID = { success: false, code: 'invalid_credentials', message: 'Invalid credentials' };

describe('POST /api/admin/login', () => {
  it('signs a staff member in with a token, its expiry and role, whatever the case of the address', async () => {
    const account = await createStaff(auth, { role: 'admin' });
    const result = await login(account.email.toUpperCase(), account.password);
    expect(result.status).toBe(200);
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String), role: 'admin' });
    const lifetimeMs = Date.parse(result.body.expiresAt) - Date.now();
    expect(lifetimeMs).toBeGreaterThan(7.9 * 3600_000);
    expect(lifetimeMs).toBeLessThanOrEqual(8 * 3600_000);

    const verified = await auth.request('/api/admin/verify', { token: result.body.token });
    expect(verified.body).toEqual({ valid: true, role: 'admin', sub: account.id, email: account.email });
  });

  it('answers a wrong password, an unknown account and a disabled account with the same 401 body', async () => {
    const account = await createStaff(auth);
    const disabled = await createStaff(auth, { disabled: true });
    const wrong = await login(account.email, 'not the password at all');
    const unknown = await login(uniqueEmail('nobody'), 'not the password at all');
    const off = await login(disabled.email, disabled.password);
    for (const result of [wrong, unknown, off]) {
      expect(result.status).toBe(401);
      expect(result.body).toEqual(INVALID);
    }
  });

  it('takes about as long for an unknown account as for a wrong password', async () => {
    const account = await createStaff(auth);
    const time = async (email: string) => {
      const started = performance.now();
      await login(email, 'wrong password, timed', randomIp());
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      wrong.push(await time(account.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    // Both pay for one argon2id verification; without the dummy hash the unknown account would answer in ~1 ms, a
    // fiftieth of a wrong password. The bounds are loose because other test files share the cores meanwhile; the
    // fault suite's enumeration test measures the difference closely, on a machine running nothing else.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.25);
    expect(median(unknown)).toBeLessThan(median(wrong) * 4);
  });

  it('refuses malformed bodies with 400 naming the field, non-JSON with 415 and big bodies with 413', async () => {
    const missing = await auth.request('/api/admin/login', { method: 'POST', body: { email: 'a@example.test' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, code: 'validation_error' });
    expect(missing.body.issues.map((issue: { path: string }) => issue.path)).toContain('password');

    const notAnEmail = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: 'admin', password: 'x' },
    });
    expect(notAnEmail.status).toBe(400);
    const extraField = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: 'a@example.test', password: 'x', role: 'admin' },
    });
    expect(extraField.status).toBe(400);
    const brokenJson = await auth.request('/api/admin/login', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(brokenJson.status).toBe(400);
    const form = await auth.request('/api/admin/login', {
      method: 'POST',
      body: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const huge = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: 'a@example.test', password: 'x'.repeat(5000) },
    });
    expect(huge.status).toBe(413);
  });

  it('writes audit rows for a successful and a failed sign-in, with address and request id', async () => {
    const account = await createStaff(auth);
    const ip = randomIp();
    await login(account.email, 'wrong password here', ip);
    await signIn(auth, account, ip);
    const { rows } = await auth.pool.query<{
      action: string;
      actor_sub: string;
      ip: string;
      request_id: string;
      details: { reason?: string };
    }>(`select action, actor_sub, ip, request_id, details from auth.audit_log where target = $1 order by id`, [
      account.id,
    ]);
    expect(rows.map((row) => row.action)).toEqual(['login.failed', 'login.succeeded']);
    expect(rows[0]?.details.reason).toBe('wrong_password');
    expect(rows.every((row) => row.ip === ip && row.actor_sub === account.id && row.request_id)).toBe(true);
  });

  it('never writes the password to the logs', async () => {
    const account = await createStaff(auth);
    await login(account.email, 'a-secret-that-must-not-leak');
    expect(auth.logs.text()).not.toContain('a-secret-that-must-not-leak');
    expect(auth.logs.text()).not.toContain(account.password);
  });
});

describe('sign-in throttling', () => {
  it('after ten failures on one account from one address answers 429 with Retry-After, while the owner signs in from elsewhere', async () => {
    const account = await createStaff(auth);
    const attacker = randomIp();
    for (let i = 0; i < 10; i += 1)
      expect((await login(account.email, `guess number ${i}`, attacker)).status).toBe(401);

    const blocked = await login(account.email, account.password, attacker);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.body).toMatchObject({
      success: false,
      code: 'too_many_attempts',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
    });

    expect((await login(account.email, account.password, randomIp())).status).toBe(200);
  });

  it('a burst of parallel guesses gets no more than the limit through to a password check', async () => {
    const account = await createStaff(auth);
    const ip = randomIp();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(account.email, `parallel guess ${i}`, ip)),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('after thirty failures from one address refuses that address for every account', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i += 1)
      expect((await login(uniqueEmail('spray'), 'sprayed password', ip)).status).toBe(401);
    const account = await createStaff(auth);
    const blocked = await login(account.email, account.password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(account.email, account.password, randomIp())).status).toBe(200);
  });

  it('caps failures on one account from changing addresses per hour', async () => {
    const capped = await startAuth({ env: { LOGIN_ACCOUNT_HOURLY_MAX: '5' } });
    try {
      const account = await createStaff(capped);
      for (let i = 0; i < 5; i += 1) {
        const result = await capped.request('/api/admin/login', {
          method: 'POST',
          body: { email: account.email, password: `guess ${i}` },
        });
        expect(result.status).toBe(401);
      }
      const blocked = await capped.request('/api/admin/login', {
        method: 'POST',
        body: { email: account.email, password: account.password },
      });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3000);
      expect(blocked.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes\.$/);
    } finally {
      await capped.close();
    }
  });

  it('a successful sign-in clears the failures of that account from that address', async () => {
    const account = await createStaff(auth);
    const ip = randomIp();
    for (let i = 0; i < 9; i += 1) await login(account.email, `typo ${i}`, ip);
    await signIn(auth, account, ip);
    for (let i = 0; i < 9; i += 1) expect((await login(account.email, `typo again ${i}`, ip)).status).toBe(401);
    expect((await login(account.email, account.password, ip)).status).toBe(200);
  });

  it('when Redis cannot be reached nobody signs in: 503, not an unthrottled login', async () => {
    const account = await createStaff(auth);
    const offline = await startAuthWithoutRedis();
    try {
      const result = await offline.request('/api/admin/login', {
        method: 'POST',
        body: { email: account.email, password: account.password },
      });
      expect(result.status).toBe(503);
      expect(result.body).toMatchObject({ success: false, code: 'unavailable' });
      expect(result.headers['retry-after']).toBeTruthy();
    } finally {
      await offline.close();
    }
  });
});

/** The app wired to a Redis that is not there (a closed port), as when Redis is down. */
async function startAuthWithoutRedis(): Promise<AuthHarness> {
  return startAuth({ env: { REDIS_URL: 'redis://127.0.0.1:1/0' }, redisDown: true });
}
