import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { postSignup } from './proof-of-work.js';
import { createViewer, staffToken, writeToken } from './staff-session.js';

/**
 * Three staff journeys the component tests only fake: resending a confirmation from Users (the mail really reaches
 * the sink), changing one's own password (what happens to sign-in and to the sessions), and the login throttle as
 * the login page shows it. A refused password makes Chromium log the 401 it received, a throttled one the 429.
 */
// One pattern: a two-element array would be read by Playwright as a [value, options] pair.
test.use({ allowConsole: [/status of (401|429)/] });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Submits the login form and waits for the service's answer, so the message checked next belongs to this attempt. */
async function submitLogin(page: Page, email: string, password: string): Promise<number> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/api/admin/login') && answer.request().method() === 'POST'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  return response.status();
}

test('Resend on a pending entry sends one new confirmation mail; staff may resend again at once', async ({
  page,
  request,
  system,
  mailbox,
  uniqueEmail,
}) => {
  const email = uniqueEmail('resend');
  expect((await postSignup(request, { email })).status()).toBe(200);
  await mailbox.waitFor(email);
  const token = await staffToken(request, system.admin);
  await page.goto('/admin/login');
  await writeToken(page, token);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('row', { name: new RegExp(escapeRegExp(email)) });
  await expect(row).toContainText('Pending');
  const notice = page.getByRole('status').filter({ hasText: `A new confirmation e-mail to ${email} is on its way.` });

  await page.getByRole('button', { name: `Resend confirmation to ${email}` }).click();

  await expect(notice).toBeVisible();
  const resent = await mailbox.waitFor(email, { count: 2 });
  expect(resent.subject).toBe((await mailbox.to(email))[0]?.subject);
  expect(
    resent.links.some((href) => /\/confirm\?token=/.test(href)),
    'the new mail has a confirmation link',
  ).toBe(true);

  // The public resend cooldown does not apply to staff (a person asked for it): a second click queues another mail
  // straight away, and the entry stays pending with its Resend button.
  await page.getByRole('button', { name: `Resend confirmation to ${email}` }).click();
  await expect(notice).toBeVisible();
  await mailbox.waitFor(email, { count: 3 });
  await expect(row).toContainText('Pending');
  await expect(page.getByRole('button', { name: `Resend confirmation to ${email}` })).toBeEnabled();
  // One mail per click: give the worker time to send a duplicate, had it queued one.
  await page.waitForTimeout(1500);
  expect(await mailbox.to(email)).toHaveLength(3);
});

test('Changing my password: the old one stops working, the new one signs in, the current session goes on and every other one ends', async ({
  page,
  browser,
  request,
  system,
  uniqueEmail,
}) => {
  // Three sessions and four sign-ins (argon2id each): slow on a loaded 2-core runner.
  test.slow();
  const email = uniqueEmail('staff-password');
  const oldPassword = `old-${Date.now()}-password`;
  const newPassword = `new-${Date.now()}-password`;
  await createViewer(request, await staffToken(request, system.admin), { email, password: oldPassword });

  // A session opened elsewhere earlier (another browser, say), usually in the same second as the page's own sign-in
  // below: it must end when the password changes, while the page's session goes on.
  const olderToken = await staffToken(request, { email, password: oldPassword });

  const elsewhere = await browser.newContext({ baseURL: system.baseURL });
  const other = await elsewhere.newPage();
  await other.goto('/admin/login');
  await writeToken(other, olderToken);
  await other.goto('/admin');
  await expect(other.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.goto('/admin/login');
  await submitLogin(page, email, oldPassword);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/admin/settings');
  await expect(page.getByRole('region', { name: 'My account' })).toContainText(email);

  await page.getByLabel('Current password').fill(oldPassword);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // The current session goes on: another screen still loads.
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);

  // The older session is over: its next page load sends that browser to the login page.
  await other.goto('/admin/users');
  await expect(other).toHaveURL(/\/admin\/login$/);
  await elsewhere.close();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await submitLogin(page, email, oldPassword)).toBe(401);
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  expect(await submitLogin(page, email, newPassword)).toBe(200);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('Repeated wrong passwords end in "Too many sign-in attempts"; the page stays usable for another account', async ({
  page,
  request,
  system,
  uniqueEmail,
}, testInfo) => {
  // Every project's attempts come from the same client address, whose own limit (30 failures per 15 minutes) the
  // other specs share: the lock-out is walked through once, on one screen size.
  test.skip(testInfo.project.name !== 'desktop', 'runs once: the throttle is the service’s, not the screen’s');
  const email = uniqueEmail('throttled');
  const password = `right-${Date.now()}-password`;
  await createViewer(request, await staffToken(request, system.admin), { email, password });
  await page.goto('/admin/login');

  // The account+address limit (LOGIN_ACCOUNT_MAX_FAILS, 10 by default): ten refusals, then the throttle.
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    expect(await submitLogin(page, email, `wrong-${attempt}-password`), `attempt ${attempt}`).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  }
  expect(await submitLogin(page, email, 'wrong-11-password')).toBe(429);
  const throttled = /^Too many sign-in attempts\. Please try again in (\d+ minutes|1 minute|\d+ seconds|a moment)\.$/;
  await expect(page.getByRole('alert')).toHaveText(throttled);
  await expect(page).toHaveURL(/\/admin\/login$/);

  // While locked, even the right password is refused: the lock is not a hint that the password was right.
  expect(await submitLogin(page, email, password)).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(throttled);

  // The form is not stuck: its fields and button work, and another account signs in from the same page.
  await expect(page.getByLabel('Email', { exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect(await submitLogin(page, system.admin.email, system.admin.password)).toBe(200);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
