import { sampleValue, scrape } from '@mmdm/tests/support';
import { describe, expect, it } from 'vitest';
import { createStaff, randomIp, useAuthService } from './testing/auth-harness.js';

const auth = useAuthService({ env: { LOGIN_ACCOUNT_MAX_FAILS: '2' } });

const metrics = () => scrape(`${auth.url}/metrics`);
const logins = (text: string, result: string) => sampleValue(text, 'mmdm_login_attempts_total', { result });

describe('the auth service /metrics', () => {
  it('answers with the process, pool, Redis and readiness series, and every login result at 0 before any', async () => {
    const text = await metrics();
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'mmdm_pg_pool_connections_in_use',
    ])
      expect(sampleValue(text, name), name).toBeGreaterThanOrEqual(0);
    expect(sampleValue(text, 'mmdm_redis_connected', { connection: 'producer' })).toBe(1);
    expect(sampleValue(text, 'mmdm_ready')).toBe(1);
    for (const result of ['succeeded', 'failed', 'throttled']) expect(logins(text, result), result).toBe(0);
  });

  it('counts logins that succeed, fail and are throttled, and the answers under the login route', async () => {
    const account = await createStaff(auth);
    const ip = randomIp();
    const login = (password: string) =>
      auth.request('/api/admin/login', { method: 'POST', body: { email: account.email, password }, ip });

    expect((await login(account.password)).status).toBe(200);
    expect((await login('wrong password number one')).status).toBe(401);
    expect((await login('wrong password number two')).status).toBe(401);
    expect((await login('wrong password number three')).status).toBe(429);

    const text = await metrics();
    expect(logins(text, 'succeeded')).toBe(1);
    expect(logins(text, 'failed')).toBe(2);
    expect(logins(text, 'throttled')).toBe(1);
    // The 401 and 429 are errors leaving the mounted /api/admin router: still counted under the full template.
    const answers = (status: string) =>
      sampleValue(text, 'http_requests_total', { route: '/api/admin/login', method: 'POST', status });
    expect([answers('200'), answers('401'), answers('429')]).toEqual([1, 2, 1]);
  });
});
