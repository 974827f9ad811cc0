import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { postSignup } from './proof-of-work.js';
import { staffToken } from './staff-session.js';
import { openPanel } from './staff-support.js';

/** The staff screens on real data: sign-ups made through the public API appear, can be found, exported, deleted. */

async function signUp(request: APIRequestContext, email: string, referralSource?: string) {
  const response = await postSignup(request, referralSource ? { email, referralSource } : { email });
  expect(response.status()).toBe(200);
}

test.describe('with the bootstrap admin signed in', () => {
  let token: string;
  test.beforeEach(async ({ request, system }) => {
    token = await staffToken(request, system.admin);
  });

  test('a new sign-up shows on the dashboard: in the totals and at the top of Recent Activity', async ({
    page,
    request,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('dashboard');
    await signUp(request, email);

    await openPanel(page, token, '/admin');

    const total = page.getByRole('region', { name: 'Total Users' });
    await expect(total.getByText(/^\d[\d,]*$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Active Matches' })).toContainText(
      'Matching starts when the app launches.',
    );
    await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText(`${email} joined the waitlist`);
  });

  test('Users finds a sign-up by address, filters by status, and erases it after confirmation', async ({
    page,
    request,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('users');
    await signUp(request, email, 'E2E-FRIEND');
    await openPanel(page, token, '/admin/users');

    await page.getByLabel('Search by email').fill(email);
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('E2E-FRIEND');
    await expect(page).toHaveURL(/q=users/);

    await page.getByLabel('Status').selectOption('confirmed');
    await expect(page.getByText('No entries match.')).toBeVisible();
    await page.getByLabel('Status').selectOption('pending');
    await expect(row).toBeVisible();

    await page.getByRole('button', { name: `Delete ${email}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this entry?' });
    await expect(dialog).toContainText(email);
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await expect(page.getByRole('status').filter({ hasText: `${email} was deleted from the waitlist.` })).toBeVisible();
    await expect(row).toHaveCount(0);
    const left = await request.get(`/api/admin/waitlist/entries?q=${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await left.json()) as { items: unknown[] }).items).toEqual([]);
  });

  test('Users exports the current filter as a CSV file', async ({ page, request, uniqueEmail }) => {
    const email = uniqueEmail('export');
    await signUp(request, email);
    await openPanel(page, token, `/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole('rowheader', { name: email })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);

    expect(download.suggestedFilename()).toMatch(/^waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(email);
    expect(csv.trim().split(/\r?\n/)).toHaveLength(2);
  });

  test("Analytics charts today's sign-ups with the confirmation rate and referral sources", async ({
    page,
    request,
    uniqueEmail,
  }) => {
    await signUp(request, uniqueEmail('analytics'), 'E2E-PODCAST');
    await openPanel(page, token, '/admin/analytics');
    await page.getByRole('radio', { name: 'Last 7 days' }).check();

    await expect(page.getByRole('img', { name: 'Sign-ups and confirmations per day' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Confirmation rate' })).toContainText('%');
    await expect(page.getByRole('region', { name: 'Top referral sources', exact: true })).toContainText('E2E-PODCAST');

    await page.getByText('Show the figures as a table').click();
    const table = page.getByRole('table', { name: 'Sign-ups and confirmations per day' });
    await expect(table.getByRole('row')).toHaveCount(8);
    const todayRow = table.getByRole('row').last();
    await expect(todayRow.getByRole('cell').first()).not.toHaveText('0');
  });

  test('Settings adds a colleague who can then sign in, as a viewer without admin screens', async ({
    page,
    uniqueEmail,
    system,
  }) => {
    const colleague = uniqueEmail('colleague');
    const password = `colleague-${Date.now()}-pass`;
    await openPanel(page, token, '/admin/settings');
    await expect(page.getByRole('region', { name: 'My account' })).toContainText(system.admin.email);
    await page.getByRole('link', { name: 'Staff' }).click();

    await page.getByLabel('Email', { exact: true }).fill(colleague);
    await page.getByLabel('Initial password').fill(password);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await expect(page.getByText(`${colleague} can now sign in.`)).toBeVisible();
    await expect(page.getByRole('rowheader', { name: colleague })).toBeVisible();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('table')).toContainText('Created staff account');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Email', { exact: true }).fill(colleague);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // A viewer reaches the panel but not an admin-only page: the guard sends them to the dashboard.
    await page.goto('/admin/settings/staff');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  });
});

test('the side menu works on every screen size and marks the current page', async ({ page, request, system }) => {
  const token = await staffToken(request, system.admin);
  await openPanel(page, token, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Below 768px the menu collapses behind a button; wider screens always show it.
  const collapsible = (page.viewportSize()?.width ?? 1280) < 768;
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  const closeButton = page.getByRole('button', { name: 'Close menu', exact: true });
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menuButton).toBeVisible({ visible: collapsible });

  for (const [label, path] of [
    ['Users', '/admin/users'],
    ['Analytics', '/admin/analytics'],
    ['Settings', '/admin/settings'],
    ['Dashboard', '/admin'],
  ] as const) {
    if (collapsible) await menuButton.click();
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    if (collapsible) {
      // Choosing a page closes the menu on a phone.
      await expect(menu).toBeHidden();
      await menuButton.click();
    }
    await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    if (collapsible) await closeButton.click();
  }
});

test('the Users table keeps every column on screen with long addresses: fits its card at 1280 px, never widens the page on a phone', async ({
  page,
  request,
  system,
}) => {
  const token = await staffToken(request, system.admin);
  // As long as real addresses get: a 60-character local part at a long domain, and a 64-character referral code.
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const emails = [1, 2, 3].map(
    (n) =>
      `long-address-${n}-${tag}-of-someone-who-likes-long-names@a-rather-long-subdomain.of-an-example-organisation.example.com`,
  );
  for (const email of emails) await signUp(request, email, `${'LONG-REFERRAL-SOURCE-'.repeat(3)}${tag}`.slice(0, 64));
  await openPanel(page, token, `/admin/users?q=${encodeURIComponent(`-${tag}-`)}`);
  const table = page.locator('.adm-table--entries');
  await expect(table.getByRole('row')).toHaveCount(emails.length + 1);

  const wrapper = page.locator('.adm-table-wrap', { has: table });
  const widths = async () =>
    wrapper.evaluate((element) => {
      const box = element as unknown as {
        scrollWidth: number;
        clientWidth: number;
        ownerDocument: { documentElement: { scrollWidth: number; clientWidth: number } };
      };
      return {
        table: box.scrollWidth,
        card: box.clientWidth,
        page: box.ownerDocument.documentElement.scrollWidth,
        screen: box.ownerDocument.documentElement.clientWidth,
      };
    });
  const measured = await widths();
  // Never the page: whatever the screen, it does not scroll sideways.
  expect(measured.page, 'the page does not scroll sideways').toBeLessThanOrEqual(measured.screen);
  if ((page.viewportSize()?.width ?? 1280) >= 1024) {
    // On a laptop screen every column, Actions included, is inside the card without scrolling.
    expect(measured.table, 'the Users table fits its card').toBeLessThanOrEqual(measured.card + 1);
    const actions = await table.getByRole('columnheader', { name: 'Actions' }).boundingBox();
    const card = await wrapper.boundingBox();
    expect(actions!.x + actions!.width).toBeLessThanOrEqual(card!.x + card!.width + 1);
    for (const email of emails) {
      // Sideways inside the card (rows may run below the fold: long addresses wrap).
      const button = await page.getByRole('button', { name: `Delete ${email}` }).boundingBox();
      expect(button!.x).toBeGreaterThanOrEqual(card!.x);
      expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width + 1);
    }
  } else {
    // On a phone the table scrolls inside its card, so the last column is still reachable.
    await page.getByRole('button', { name: `Delete ${emails[0]}` }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: `Delete ${emails[0]}` })).toBeInViewport();
    expect((await widths()).page).toBeLessThanOrEqual(measured.screen);
  }
});
