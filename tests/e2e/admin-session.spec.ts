import { expect, test } from './fixtures.js';
import { readToken, signInWithPassword, writeToken } from './staff-session.js';

/**
 * Staff sign-in, the guard's three paths and sign-out, through the real gateway, auth service and browser.
 * A refused token or password makes Chromium log the 401 it received: that console line is expected here.
 */
test.use({ allowConsole: [/status of 401/] });

test('a wrong password shows "Invalid credentials" and stores nothing', async ({ page, system }) => {
  await signInWithPassword(page, system.baseURL, system.admin.email, `${system.admin.password}-wrong`);

  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await readToken(page)).toBeNull();
});

test('the bootstrap admin signs in and lands on the dashboard', async ({ page, system }) => {
  await signInWithPassword(page, system.baseURL, system.admin.email, system.admin.password);

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Admin Panel')).toBeVisible();
  expect(await readToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
});

test('without a token, any admin page sends the visitor to the login page', async ({ page }) => {
  await page.goto('/admin/users');

  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('a forged token is refused: back to the login page, and the token is forgotten', async ({ page }) => {
  await page.goto('/admin/login');
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const claims = Buffer.from(JSON.stringify({ sub: 'someone', role: 'admin', exp: 4_102_444_800 })).toString(
    'base64url',
  );
  await writeToken(page, `${header}.${claims}.`);

  await page.goto('/admin/analytics');

  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await readToken(page)).toBeNull();
});

test('logout ends the session: the same token no longer works anywhere', async ({ page, system, request }) => {
  await signInWithPassword(page, system.baseURL, system.admin.email, system.admin.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const token = await readToken(page);
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await readToken(page)).toBeNull();
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/admin/verify', { headers })).status()).toBe(401);
  expect((await request.get('/api/admin/waitlist/stats', { headers })).status()).toBe(401);

  // Putting the old token back does not reopen the panel.
  await writeToken(page, token ?? '');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
