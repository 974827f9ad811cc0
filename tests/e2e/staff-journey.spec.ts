import { expect, test } from './fixtures.js';
import { postSignup } from './proof-of-work.js';
import { staffToken } from './staff-session.js';
import { axeFindings, openPanel } from './staff-support.js';

/*
 * A staff member's morning, on a phone and a laptop: the dashboard updates by itself as people join, Users shows
 * them, and the audit log says in words, by address, who read the list. axe finds nothing on any page visited.
 */
test('staff read the dashboard live, the Users list and the audit log in words', async ({
  page,
  request,
  system,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  const token = await staffToken(request, system.admin);
  await openPanel(page, token, '/admin');

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Updated \d+ s ago/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Waiting for review' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  // Someone joins while the dashboard is open: it shows them without a reload.
  const email = uniqueEmail('live');
  expect((await postSignup(request, { email })).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText(`${email} joined the waitlist`, {
    timeout: 30_000,
  });

  await openPanel(page, token, '/admin/users');
  const entries = page.getByRole('region', { name: 'Waitlist entries table' });
  await expect(entries).toBeVisible({ timeout: 30_000 });
  await expect(entries.getByRole('rowheader', { name: email })).toBeVisible();
  await expect(entries).toHaveAttribute('tabindex', '0');
  expect(await axeFindings(page)).toEqual([]);

  await openPanel(page, token, '/admin/settings/audit');
  const audit = page.getByRole('region', { name: 'Audit log table' });
  await expect(audit).toBeVisible({ timeout: 30_000 });
  const listed = audit.getByRole('row').filter({ hasText: 'Listed entries' }).first();
  await expect(listed).toContainText(system.admin.email);
  await expect(audit.getByRole('row').filter({ hasText: 'Signed in' }).first()).toContainText(system.admin.email);
  await expect(audit).toHaveAttribute('tabindex', '0');
  expect(await axeFindings(page)).toEqual([]);
});
