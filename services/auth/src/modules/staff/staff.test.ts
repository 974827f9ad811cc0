import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffTokenVerifier, InvalidTokenError } from '@mmdm/shared/tokens';
import { buildAuditRow } from '../../testing/auth-factories.js';
import { createStaff, signIn, startAuth, uniqueEmail, useAuthService } from '../../testing/auth-harness.js';

const auth = useAuthService();
let adminToken: string;
let viewerToken: string;
beforeAll(async () => {
  adminToken = await signIn(auth, await createStaff(auth, { role: 'admin' }));
  viewerToken = await signIn(auth, await createStaff(auth, { role: 'viewer' }));
});

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const ENDPOINTS: { method: string; path: string; role: 'viewer' | 'admin'; body?: unknown }[] = [
  { method: 'GET', path: '/api/admin/me', role: 'viewer' },
  { method: 'POST', path: '/api/admin/me/password', role: 'viewer', body: {} },
  { method: 'POST', path: '/api/admin/logout', role: 'viewer' },
  { method: 'GET', path: '/api/admin/staff', role: 'admin' },
  { method: 'POST', path: '/api/admin/staff', role: 'admin', body: {} },
  { method: 'PATCH', path: `/api/admin/staff/${SOME_ID}`, role: 'admin', body: { disabled: true } },
  { method: 'GET', path: '/api/admin/audit', role: 'admin' },
];

describe('access rules', () => {
  it.each(ENDPOINTS)('$method $path answers 401 without a valid token', async ({ method, path, body }) => {
    for (const token of [undefined, 'x.y.z']) {
      const result = await auth.request(path, { method, body, ...(token ? { token } : {}) });
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({ success: false, code: 'unauthorized' });
      expect(result.headers['cache-control']).toBe('no-store');
    }
  });

  it.each(ENDPOINTS.filter((endpoint) => endpoint.role === 'admin'))(
    '$method $path answers 403 to a viewer',
    async ({ method, path, body }) => {
      const result = await auth.request(path, { method, body, token: viewerToken });
      expect(result.status).toBe(403);
      expect(result.body).toMatchObject({ success: false, code: 'forbidden' });
    },
  );

  it('serves the public key set without a token, public keys only', async () => {
    for (const path of ['/.well-known/jwks.json', '/api/admin/jwks.json']) {
      const result = await auth.request(path);
      expect(result.status).toBe(200);
      expect(result.body.keys.length).toBeGreaterThan(0);
      for (const key of result.body.keys) {
        expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
        expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      }
    }
  });

  it('answers unknown routes with a JSON 404', async () => {
    const result = await auth.request('/api/admin/nothing-here');
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ success: false, code: 'not_found' });
  });
});

describe('GET /api/admin/me', () => {
  it('shows the signed-in account without its password hash', async () => {
    const member = await createStaff(auth);
    const result = await auth.request('/api/admin/me', { token: await signIn(auth, member) });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      id: member.id,
      email: member.email,
      role: 'viewer',
      disabled: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastLoginAt: expect.any(String),
    });
  });
});

describe('staff management', () => {
  it('an admin adds a colleague who can then sign in; the list shows them without secrets', async () => {
    const email = uniqueEmail('Colleague');
    const created = await auth.request('/api/admin/staff', {
      method: 'POST',
      token: adminToken,
      body: { email, password: 'a long enough password', role: 'viewer' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, role: 'viewer', disabled: false, lastLoginAt: null });

    const colleagueToken = await signIn(auth, { email: email.toLowerCase(), password: 'a long enough password' });
    expect((await auth.request('/api/admin/me', { token: colleagueToken })).body.email).toBe(email);

    const list = await auth.request('/api/admin/staff', { token: adminToken });
    expect(list.status).toBe(200);
    const listed = list.body.items.find((item: { id: string }) => item.id === created.body.id);
    expect(listed).toMatchObject({ email, role: 'viewer' });
    expect(JSON.stringify(list.body)).not.toMatch(/argon2|password/i);

    const { rows } = await auth.pool.query(
      `select actor_email, details from auth.audit_log where action = 'staff.created' and target = $1`,
      [created.body.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].details).toEqual({ email, role: 'viewer' });
  });

  it('refuses a second account with the same address in another case (409), weak passwords and unknown roles (400)', async () => {
    const existing = await createStaff(auth);
    const duplicate = await auth.request('/api/admin/staff', {
      method: 'POST',
      token: adminToken,
      body: { email: existing.email.toUpperCase(), password: 'a long enough password', role: 'viewer' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ success: false, code: 'email_taken' });

    const weak = await auth.request('/api/admin/staff', {
      method: 'POST',
      token: adminToken,
      body: { email: uniqueEmail(), password: 'short', role: 'viewer' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.issues[0].path).toBe('password');
    const role = await auth.request('/api/admin/staff', {
      method: 'POST',
      token: adminToken,
      body: { email: uniqueEmail(), password: 'a long enough password', role: 'owner' },
    });
    expect(role.status).toBe(400);
  });

  it.each([
    ['password1234', 'is one of the most common passwords, found in lists of breached passwords.'],
    [' '.repeat(12), 'repeats the same characters, which is easy to guess.'],
    ['aaaaaaaaaaaa', 'repeats the same characters, which is easy to guess.'],
    ['qwertyuiop12', 'is one of the most common passwords, found in lists of breached passwords.'],
    ['abcdefghijklmn', 'is a sequence like "abcd" or "1234", which is easy to guess.'],
    ['(the address itself)', 'must not contain your e-mail address.'],
    // A breached word with a year and "!!" (10^8 guesses: score 3), and xkcd's passphrase: both were accepted.
    ['Welcome2026!!', 'is one of the most common passwords, found in lists of breached passwords.'],
    ['correcthorsebatterystaple', 'is a well-known example password, published widely'],
  ])('refuses a weak password (%j) with a 400 that says why, and creates nobody', async (password, why) => {
    const email = uniqueEmail('weak');
    const result = await auth.request('/api/admin/staff', {
      method: 'POST',
      token: adminToken,
      body: { email, password: password === '(the address itself)' ? email.toUpperCase() : password, role: 'viewer' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ success: false, code: 'validation_error' });
    expect(result.body.issues).toEqual([{ path: 'password', message: expect.stringContaining(why) }]);
    expect(result.body.message).toContain(`password: ${why}`);
    const { rows } = await auth.pool.query(`select 1 from auth.staff where email_normalized = $1`, [email]);
    expect(rows).toHaveLength(0);
  });

  it('an admin changes a role and disables an account; the change is audited with before and after', async () => {
    const member = await createStaff(auth);
    const promoted = await auth.request(`/api/admin/staff/${member.id}`, {
      method: 'PATCH',
      token: adminToken,
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: member.id, role: 'admin', disabled: false });
    const disabled = await auth.request(`/api/admin/staff/${member.id}`, {
      method: 'PATCH',
      token: adminToken,
      body: { disabled: true },
    });
    expect(disabled.body).toMatchObject({ role: 'admin', disabled: true });
    expect(
      (
        await auth.request('/api/admin/login', {
          method: 'POST',
          body: { email: member.email, password: member.password },
        })
      ).status,
    ).toBe(401);

    const { rows } = await auth.pool.query(
      `select details from auth.audit_log where action = 'staff.updated' and target = $1 order by id`,
      [member.id],
    );
    expect(rows.map((row) => row.details.after)).toEqual([
      { role: 'admin', disabled: false },
      { role: 'admin', disabled: true },
    ]);
  });

  it('answers 404 for an unknown or malformed id and 400 for an empty or unknown change', async () => {
    expect(
      (
        await auth.request(`/api/admin/staff/${SOME_ID}`, {
          method: 'PATCH',
          token: adminToken,
          body: { disabled: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (await auth.request('/api/admin/staff/42', { method: 'PATCH', token: adminToken, body: { disabled: true } }))
        .status,
    ).toBe(404);
    const member = await createStaff(auth);
    expect(
      (await auth.request(`/api/admin/staff/${member.id}`, { method: 'PATCH', token: adminToken, body: {} })).status,
    ).toBe(400);
    expect(
      (
        await auth.request(`/api/admin/staff/${member.id}`, {
          method: 'PATCH',
          token: adminToken,
          body: { email: 'x@y' },
        })
      ).status,
    ).toBe(400);
  });

  it('never leaves the system without an active admin: the last admin cannot demote or disable themself', async () => {
    const alone = await startAuth({ ownDatabase: true });
    try {
      const only = await createStaff(alone, { role: 'admin' });
      const token = await signIn(alone, only);
      for (const body of [{ role: 'viewer' }, { disabled: true }]) {
        const result = await alone.request(`/api/admin/staff/${only.id}`, { method: 'PATCH', token, body });
        expect(result.status).toBe(409);
        expect(result.body).toMatchObject({ success: false, code: 'last_admin' });
      }
      // Still an admin, still signed in.
      expect((await alone.request('/api/admin/staff', { token })).status).toBe(200);

      const second = await createStaff(alone, { role: 'admin' });
      const demoted = await alone.request(`/api/admin/staff/${only.id}`, {
        method: 'PATCH',
        token,
        body: { role: 'viewer' },
      });
      expect(demoted.status).toBe(200);
      const secondToken = await signIn(alone, second);
      expect(
        (
          await alone.request(`/api/admin/staff/${second.id}`, {
            method: 'PATCH',
            token: secondToken,
            body: { disabled: true },
          })
        ).status,
      ).toBe(409);
    } finally {
      await alone.close();
    }
  });
});

describe('POST /api/admin/me/password', () => {
  it('changes the password: the old one stops working, every other session ends (older, newer, same second), this one goes on', async () => {
    const member = await createStaff(auth);
    const olderSession = await signIn(auth, member);
    const token = await signIn(auth, member);
    // Opened after the owner's, in the same second or later: someone who knows the old password.
    const laterSession = await signIn(auth, member);
    const changed = await auth.request('/api/admin/me/password', {
      method: 'POST',
      token,
      body: { currentPassword: member.password, newPassword: 'a brand new passphrase' },
    });
    expect(changed.status).toBe(204);
    expect(
      (
        await auth.request('/api/admin/login', {
          method: 'POST',
          body: { email: member.email, password: member.password },
        })
      ).status,
    ).toBe(401);
    const newSession = await signIn(auth, { email: member.email, password: 'a brand new passphrase' });
    // The waitlist service verifies tokens itself, against the same revocation store.
    const remote = createStaffTokenVerifier({
      keys: auth.keys.verificationKey,
      redis: auth.redis,
      redisPrefix: auth.config.redis.prefix,
    });
    for (const alive of [token, newSession]) {
      expect((await auth.request('/api/admin/verify', { token: alive })).status).toBe(200);
      await expect(remote(alive)).resolves.toMatchObject({ sub: member.id });
    }
    for (const ended of [olderSession, laterSession]) {
      expect((await auth.request('/api/admin/verify', { token: ended })).status).toBe(401);
      expect((await auth.request('/api/admin/me', { token: ended })).status).toBe(401);
      await expect(remote(ended)).rejects.toBeInstanceOf(InvalidTokenError);
    }
    // A second change from the new session ends the first changer's session too.
    const again = await auth.request('/api/admin/me/password', {
      method: 'POST',
      token: newSession,
      body: { currentPassword: 'a brand new passphrase', newPassword: 'yet another passphrase here' },
    });
    expect(again.status).toBe(204);
    expect((await auth.request('/api/admin/verify', { token })).status).toBe(401);
    expect((await auth.request('/api/admin/verify', { token: newSession })).status).toBe(200);
    const { rows } = await auth.pool.query(
      `select 1 from auth.audit_log where action = 'password.changed' and target = $1`,
      [member.id],
    );
    expect(rows).toHaveLength(2);
  });

  it('refuses a wrong current password (400, not 401: the session is fine) and a too short, common or own-address new one', async () => {
    const member = await createStaff(auth);
    const token = await signIn(auth, member);
    const wrong = await auth.request('/api/admin/me/password', {
      method: 'POST',
      token,
      body: { currentPassword: 'not my password', newPassword: 'a brand new passphrase' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'wrong_password' });
    const short = await auth.request('/api/admin/me/password', {
      method: 'POST',
      token,
      body: { currentPassword: member.password, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.issues[0].path).toBe('newPassword');
    for (const [newPassword, why] of [
      ['password1234', 'is one of the most common passwords'],
      [member.email, 'must not contain your e-mail address'],
      ['Welcome2026!!', 'is one of the most common passwords'],
      ['correcthorsebatterystaple', 'is a well-known example password'],
    ] as const) {
      const weak = await auth.request('/api/admin/me/password', {
        method: 'POST',
        token,
        body: { currentPassword: member.password, newPassword },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.issues).toEqual([{ path: 'newPassword', message: expect.stringContaining(why) }]);
    }
    // Nothing changed: the old password still signs in and the current session goes on.
    expect((await auth.request('/api/admin/verify', { token })).status).toBe(200);
    await signIn(auth, member);
  });
});

describe('GET /api/admin/audit', () => {
  it('pages newest first with a cursor and refuses a malformed cursor', async () => {
    for (let i = 0; i < 3; i += 1) {
      await auth.request('/api/admin/staff', {
        method: 'POST',
        token: adminToken,
        body: { email: uniqueEmail('audited'), password: 'a long enough password', role: 'viewer' },
      });
    }
    const first = await auth.request('/api/admin/audit?limit=2', { token: adminToken });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const [newer, older] = first.body.items;
    expect(Number(newer.id)).toBeGreaterThan(Number(older.id));
    expect(newer).toMatchObject({ action: expect.any(String), at: expect.any(String), actorEmail: expect.any(String) });

    const second = await auth.request(`/api/admin/audit?limit=2&cursor=${first.body.nextCursor}`, {
      token: adminToken,
    });
    expect(Number(second.body.items[0].id)).toBeLessThan(Number(older.id));

    expect((await auth.request('/api/admin/audit?cursor=abc', { token: adminToken })).status).toBe(400);
    expect((await auth.request('/api/admin/audit?limit=5000', { token: adminToken })).status).toBe(400);
  });

  it('pages through more than 150 events: every one exactly once, newest first, ids of 100 and more included', async () => {
    const own = await startAuth({ ownDatabase: true });
    try {
      // What anyone can write without signing in: failed logins (inserted directly, as 170 real ones would be throttled).
      await Promise.all(
        Array.from({ length: 170 }, () =>
          buildAuditRow(own.pool, {
            actorEmail: uniqueEmail('nobody'),
            ip: '10.0.0.1',
            details: { reason: 'unknown_account' },
          }),
        ),
      );
      const token = await signIn(own, await createStaff(own, { role: 'admin' }));
      // node-postgres hands a bigint over as a string.
      const { rows } = await own.pool.query<{ id: string }>(`select id from auth.audit_log order by id desc`);
      const expected = rows.map((row) => row.id);
      expect(expected.length).toBeGreaterThan(150);

      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page += 1) {
        const query: string = cursor ? `?limit=40&cursor=${cursor}` : '?limit=40';
        const result = await own.request(`/api/admin/audit${query}`, { token });
        expect(result.status).toBe(200);
        seen.push(...result.body.items.map((item: { id: string }) => item.id));
        cursor = result.body.nextCursor;
        if (cursor === null) break;
      }
      expect(cursor).toBeNull();
      expect(seen).toEqual(expected);
      expect(seen[0]).toBe(String(expected.length));
    } finally {
      await own.close();
    }
  });
});

/** `admin@x.test` typed in full-width forms (U+FF01..U+FF5E), as a look-alike attacker would. */
const fullWidth = (ascii: string) =>
  ascii.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

describe('staff addresses under the one address rule', () => {
  it('stores a full-width address as the ASCII it looks like, so it cannot become a second account that looks the same', async () => {
    const email = uniqueEmail('wide');
    const created = await auth.request('/api/admin/staff', {
      method: 'POST',
      token: adminToken,
      body: { email: fullWidth(email), password: 'a long enough password', role: 'viewer' },
    });
    expect(created.status).toBe(201);
    expect(created.body.email).toBe(email);
    const { rows } = await auth.pool.query(`select email, email_normalized from auth.staff where id = $1`, [
      created.body.id,
    ]);
    expect(rows[0]).toEqual({ email, email_normalized: email });

    const lookAlike = await auth.request('/api/admin/staff', {
      method: 'POST',
      token: adminToken,
      body: { email: fullWidth(email.toUpperCase()), password: 'a long enough password', role: 'admin' },
    });
    expect(lookAlike.status).toBe(409);
    expect(lookAlike.body.code).toBe('email_taken');
    // Signing in with the full-width form reaches the same account.
    expect(await signIn(auth, { email: fullWidth(email), password: 'a long enough password' })).toBeTruthy();
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['a zero-width joiner', '\u200d'],
    ['a right-to-left override', '\u202e'],
  ])('refuses an address carrying %s (400), at creation and at sign-in', async (_name, invisible) => {
    const existing = await createStaff(auth);
    const created = await auth.request('/api/admin/staff', {
      method: 'POST',
      token: adminToken,
      body: { email: `${existing.email}${invisible}`, password: 'a long enough password', role: 'admin' },
    });
    expect(created.status).toBe(400);
    expect(created.body.issues[0].path).toBe('email');
    const login = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: `${existing.email}${invisible}`, password: existing.password },
    });
    expect(login.status).toBe(400);
    const { rows } = await auth.pool.query(`select count(*)::int as n from auth.staff where email_normalized like $1`, [
      `${existing.email.toLowerCase()}%`,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('a failed sign-in with a full-width address is audited under the normalised address', async () => {
    const email = uniqueEmail('nobody');
    const failed = await auth.request('/api/admin/login', {
      method: 'POST',
      body: { email: fullWidth(email), password: 'not the password' },
    });
    expect(failed.status).toBe(401);
    const { rows } = await auth.pool.query(
      `select actor_email from auth.audit_log where action = 'login.failed' and actor_email in ($1, $2)`,
      [email, fullWidth(email)],
    );
    expect(rows).toEqual([{ actor_email: email }]);
  });
});
