import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/*
 * Staff sessions as the journeys set them up: through Playwright's own request fixture (the API, as the panel calls
 * it) and the page's localStorage (where the panel keeps its token).
 */

/** The page's localStorage; the tests' tsconfig has no DOM types, hence this narrow view of it. */
interface PageStorage {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

export const readToken = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageStorage).localStorage.getItem('admin_token'));

export const writeToken = (page: Page, token: string) =>
  page.evaluate((value) => (globalThis as unknown as PageStorage).localStorage.setItem('admin_token', value), token);

/** Signs in through the API and answers the session token; the test fails if sign-in does not work. */
export async function staffToken(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/admin/login', { data: account });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A viewer account of the test's own (so what it changes touches nobody else's sign-in), made by an admin. */
export async function createViewer(
  request: APIRequestContext,
  adminToken: string,
  account: { email: string; password: string },
): Promise<void> {
  const response = await request.post('/api/admin/staff', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { ...account, role: 'viewer' },
  });
  expect(response.status()).toBe(201);
}

/** The panel's sign-in form, the password step: where the browser goes next is the test's to check. */
export async function signInWithPassword(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/admin/login`);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The password, then the second step answered with the passkey of the page's virtual authenticator. */
export async function signInWithPasskey(page: Page, origin: string, email: string, password: string): Promise<void> {
  await signInWithPassword(page, origin, email, password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
}

/**
 * Chromium's own WebAuthn stack with a virtual platform authenticator (DevTools protocol: CTAP2, internal transport,
 * resident key, user verification), present and verifying the user without a prompt. The session reads its
 * credentials back.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
