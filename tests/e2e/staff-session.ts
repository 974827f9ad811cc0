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
