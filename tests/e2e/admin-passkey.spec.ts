import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import pg from 'pg';
import { E2E_PORT, type SystemInfo } from './system.js';
import { expect, test } from './fixtures.js';
import { seriousAxeFindings } from './public-support.js';
import {
  addVirtualAuthenticator,
  createViewer,
  readToken,
  signInWithPasskey,
  signOut,
  staffToken,
  writeToken,
} from './staff-session.js';

/**
 * Passkeys as people use them: Chromium's own WebAuthn stack with a virtual platform authenticator (DevTools
 * protocol: CTAP2, internal transport, resident key, user verification, ES256) registers a passkey through the real
 * panel and then signs in with it. The session is older than 5 minutes, so the panel first asks for the password
 * (ASVS 5.0 V6), as it would for someone who signed in this morning.
 */
// WebAuthn needs a host name for its relying party: the panel is opened at localhost (a secure context).
const ORIGIN = `http://localhost:${E2E_PORT}`;

// The service's 403 `reauth_required` (and the 400 of a wrong password) are the journey's point; Chromium logs
// every 4xx of a fetch.
test.use({ allowConsole: [/status of (400 \(Bad Request\)|403 \(Forbidden\))/] });

// Playwright reads a hook's fixtures from this destructuring pattern, so an empty one must stay.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}) => {
  // Two sign-ins with argon2id, a re-authentication and an axe run: longer than a page journey.
  test.setTimeout(180_000);
});

/**
 * A session as the auth service issued it six minutes ago (password only), signed with its key from Postgres: the
 * only way to have an old session without waiting, and indistinguishable from one to every service.
 */
async function sessionSignedInMinutesAgo(system: SystemInfo, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: system.databaseUrl });
  await client.connect();
  try {
    const key = await client.query<{ kid: string; private_jwk: JWK }>(
      'select kid, private_jwk from auth.signing_keys where retired_at is null order by created_at desc limit 1',
    );
    const staff = await client.query<{ id: string; role: string }>(
      'select id, role from auth.staff where email_normalized = lower($1)',
      [email],
    );
    const { kid, private_jwk: privateJwk } = key.rows[0]!;
    const { id, role } = staff.rows[0]!;
    const signedInAt = Math.floor(Date.now() / 1000) - 6 * 60;
    return await new SignJWT({ role, gen: 0, amr: ['pwd'], auth_time: signedInAt })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
      .setSubject(id)
      .setIssuer('mmdm-auth')
      .setAudience('mmdm-staff')
      .setIssuedAt(signedInAt)
      .setExpirationTime(signedInAt + 8 * 3600)
      .setJti(randomUUID())
      .sign(await importJWK(privateJwk, 'EdDSA'));
  } finally {
    await client.end();
  }
}

const amrOf = (token: string | null) =>
  (JSON.parse(Buffer.from((token ?? '').split('.')[1] ?? '', 'base64url').toString()) as { amr?: string[] }).amr;

test('asked for the password first, a passkey made by Chromium registers and then signs in', async ({
  page,
  request,
  system,
  uniqueEmail,
}, testInfo) => {
  const email = uniqueEmail('passkey-journey');
  const password = `passkey-journey-${Date.now()}`;
  await createViewer(request, await staffToken(request, system.admin), { email, password });

  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto(`${ORIGIN}/admin/login`);
  await writeToken(page, await sessionSignedInMinutesAgo(system, email));
  await page.goto(`${ORIGIN}/admin/settings`);
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByLabel('Passkey name').fill('Work laptop');
  await security.getByRole('button', { name: 'Add a passkey' }).click();

  // The service says the sign-in is too old: the panel asks, and nothing is registered yet.
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(0);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('reauth-dialog.png') });

  await dialog.getByLabel('Password').fill('not the password at all');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The password is not correct.');
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  // Confirmed: the registration goes on by itself, with Chromium's authenticator.
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10, { timeout: 20_000 });
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(security.getByRole('list', { name: 'Passkeys' })).toContainText('Work laptop');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Signing in now takes the passkey after the password.
  await signOut(page);
  await signInWithPasskey(page, ORIGIN, email, password);
  expect(amrOf(await readToken(page))).toEqual(['pwd', 'hwk']);
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);
});
