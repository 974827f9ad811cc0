import { describe, expect, it } from 'vitest';
import { createLogger } from '@mmdm/shared/logger';
import { captureLogs } from '@mmdm/tests/support';
import { PASSWORD, signIn, useAuthService } from '../../testing/auth-harness.js';
import { loadAuthConfig } from '../../config.js';
import { createAuditService } from '../audit/audit.service.js';
import { insertStaff } from './staff.repository.js';
import { bootstrapAdmin } from './staff.service.js';

const auth = useAuthService({ ownDatabase: true, perTest: true });

function bootstrap(admin: { email: string; password: string } | undefined) {
  const logs = captureLogs();
  const run = bootstrapAdmin({
    pool: auth.pool,
    audit: createAuditService(auth.pool),
    hasher: auth.hasher,
    logger: createLogger({ name: 'auth', level: 'info', destination: logs.stream }),
    admin,
  });
  return { run, logs };
}

const admins = async () =>
  (await auth.pool.query<{ email: string }>(`select email from auth.staff where role = 'admin'`)).rows.map(
    (row) => row.email,
  );

describe('bootstrap admin', () => {
  it('is created once even when several replicas start at the same moment, and can sign in', async () => {
    const admin = { email: 'Boss@Example.test', password: PASSWORD };
    const outcomes = await Promise.all([bootstrap(admin).run, bootstrap(admin).run, bootstrap(admin).run]);
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(await admins()).toEqual(['Boss@Example.test']);
    await signIn(auth, { email: 'boss@example.test', password: PASSWORD });
    const { rows } = await auth.pool.query(`select 1 from auth.audit_log where action = 'staff.bootstrapped'`);
    expect(rows).toHaveLength(1);
  });

  it("never overwrites an existing admin: a changed ADMIN_PASSWORD changes nobody's password", async () => {
    await bootstrap({ email: 'boss@example.test', password: PASSWORD }).run;
    expect(await bootstrap({ email: 'boss@example.test', password: 'a different password' }).run).toBe('admin_exists');
    expect(await bootstrap({ email: 'other@example.test', password: 'a different password' }).run).toBe('admin_exists');
    expect(await admins()).toEqual(['boss@example.test']);
    await signIn(auth, { email: 'boss@example.test', password: PASSWORD });
    const refused = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: 'boss@example.test', password: 'a different password' },
    });
    expect(refused.status).toBe(401);
  });

  it('leaves an existing non-admin account with the ADMIN_EMAIL address alone and says so', async () => {
    await insertStaff(auth.pool, {
      email: 'boss@example.test',
      emailNormalized: 'boss@example.test',
      passwordHash: await auth.hasher.hash(PASSWORD),
      role: 'viewer',
    });
    const { run, logs } = bootstrap({ email: 'BOSS@example.test', password: 'a different password' });
    expect(await run).toBe('email_taken');
    expect(await admins()).toEqual([]);
    expect(logs.text()).toContain('ADMIN_EMAIL belongs to an existing account');
  });

  it.each([
    ['a common password', 'password1234', 'is one of the most common passwords'],
    ['twelve spaces', ' '.repeat(12), 'repeats the same characters'],
    ['the address itself', 'boss@example.test', 'must not contain your e-mail address'],
  ])('with a weak ADMIN_PASSWORD (%s) creates nobody and says why', async (_label, password, why) => {
    const { run, logs } = bootstrap({ email: 'boss@example.test', password });
    expect(await run).toBe('weak_password');
    expect(await admins()).toEqual([]);
    const error = logs.lines().find((line) => line.level === 'error');
    expect(String(error?.msg)).toContain(`ADMIN_PASSWORD ${why}`);
    expect(String(error?.msg)).toContain('npm run staff:create');
  });

  it('without ADMIN_PASSWORD creates nobody and tells the operator how to create an admin', async () => {
    const { run, logs } = bootstrap(undefined);
    expect(await run).toBe('no_password');
    expect(await admins()).toEqual([]);
    const warning = logs.lines().find((line) => line.level === 'warn');
    expect(String(warning?.msg)).toContain('npm run staff:create');
  });
});

describe('ADMIN_EMAIL', () => {
  it('is normalised like every staff address (full-width to ASCII) and refused with an invisible character', () => {
    const config = loadAuthConfig({ ADMIN_EMAIL: 'ｂｏｓｓ@Example.test', ADMIN_PASSWORD: PASSWORD });
    expect(config.bootstrapAdmin?.email).toBe('boss@example.test');
    expect(() => loadAuthConfig({ ADMIN_EMAIL: 'boss@example.test\u200b', ADMIN_PASSWORD: PASSWORD })).toThrow(
      /ADMIN_EMAIL/,
    );
  });
});
