import type { Page } from '@playwright/test';
import { totpCodeAt, waitOutStepEdge } from '../support/totp.js';
import { E2E_PORT } from './system.js';
import { expect, test } from './fixtures.js';
import {
  addVirtualAuthenticator,
  createViewer,
  signInWithPasskey,
  signInWithPassword,
  signOut,
  staffToken,
} from './staff-session.js';

/**
 * A staff member's second factor as they live it: enrol an authenticator app and sign in with it; enrol a passkey
 * (Chromium's virtual authenticator through the DevTools protocol) and sign in with it; lose the phone and sign in
 * with a recovery code. Once per run: the journey is the panel's and the service's, not a screen size's.
 */
// Playwright reads a hook's fixtures from this destructuring pattern, so an empty one must stay.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'runs once: the factors are the service’s, not the screen’s');
  // Three sign-ins with argon2id and a wait for a fresh TOTP step: longer than a page journey.
  test.setTimeout(90_000);
});

/** A code typed in the last seconds of its step could reach the service in the next one: wait for a fresh step. */
const awayFromStepEdge = () => waitOutStepEdge(4000, 100);

/** Reads the recovery codes shown once after the first enrolment, and confirms they were saved. */
async function saveRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Recovery codes' });
  // The enrolment derives ten scrypt hashes before it answers.
  await expect(list.getByRole('listitem')).toHaveCount(10, { timeout: 20_000 });
  const codes = await list.getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  return codes;
}

test('enrol an authenticator app, sign in with its code; lose the phone and sign in with a recovery code', async ({
  page,
  request,
  system,
  uniqueEmail,
}) => {
  const email = uniqueEmail('totp-staff');
  const password = `second-factor-${Date.now()}-password`;
  await createViewer(request, await staffToken(request, system.admin), { email, password });

  // No factor yet: the password alone signs in, as before.
  await signInWithPassword(page, system.baseURL, email, password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/admin/settings');
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(security.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await security.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await awayFromStepEdge();
  await security.getByLabel('Code from the app').fill(totpCodeAt(secret));
  await security.getByRole('button', { name: 'Turn on' }).click();
  const recoveryCodes = await saveRecoveryCodes(page);
  await expect(security.getByText('Two-step verification is on')).toBeVisible();

  // The password is no longer enough: the second step asks for the app's code (the next step's: each code once).
  await signOut(page);
  await signInWithPassword(page, system.baseURL, email, password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpCodeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The phone is lost: a recovery code signs in, once.
  await signOut(page);
  await signInWithPassword(page, system.baseURL, email, password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/admin/settings');
  await expect(page.getByText('9 of 10 unused.')).toBeVisible();
});

test('enrol a passkey and sign in with it', async ({ page, request, system, uniqueEmail }) => {
  // WebAuthn needs a host name for its relying party: this journey opens the panel at localhost (a secure context).
  const origin = `http://localhost:${E2E_PORT}`;
  const email = uniqueEmail('passkey-staff');
  const password = `passkey-${Date.now()}-password`;
  await createViewer(request, await staffToken(request, system.admin), { email, password });

  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await signInWithPassword(page, origin, email, password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto(`${origin}/admin/settings`);
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByLabel('Passkey name').fill('E2E laptop');
  await security.getByRole('button', { name: 'Add a passkey' }).click();
  await saveRecoveryCodes(page);
  await expect(security.getByRole('list', { name: 'Passkeys' })).toContainText('E2E laptop');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  await signOut(page);
  await signInWithPasskey(page, origin, email, password);
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);
});
