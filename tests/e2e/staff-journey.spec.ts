import { expect, test } from './fixtures.js';
import { postSignup } from './proof-of-work.js';
import { staffToken } from './staff-session.js';
import { axeFindings, openPanel } from './staff-support.js';

/*
 * A staff member's morning, on a phone and a laptop: the dashboard updates by itself as people join, Users shows
 * them, and the audit log says in words, by address, who read the list. axe finds nothing on any page visited. Three
 * tests, each with its own budget, so a slow machine costs one page's time, not the whole morning's.
 */
test('the dashboard shows someone who joins while it is open, without a reload', async ({
  page,
  request,
  system,
  uniqueEmail,
}) => {
  test.setTimeout(90_000);
  const token = await staffToken(request, system.admin);
  await openPanel(page, token, '/admin');

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Updated \d+ s ago/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Waiting for review' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);

  const email = uniqueEmail('live');
  expect((await postSignup(request, { email })).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText(`${email} joined the waitlist`, {
    timeout: 30_000,
  });
});

test('Users lists a new sign-up in a table the keyboard reaches', async ({ page, request, system, uniqueEmail }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('listed');
  expect((await postSignup(request, { email })).status()).toBe(200);
  const token = await staffToken(request, system.admin);
  await openPanel(page, token, '/admin/users');
  const entries = page.getByRole('region', { name: 'Waitlist entries table' });
  await expect(entries).toBeVisible({ timeout: 30_000 });
  await expect(entries.getByRole('rowheader', { name: email })).toBeVisible({ timeout: 30_000 });
  await expect(entries).toHaveAttribute('tabindex', '0');
  expect(await axeFindings(page)).toEqual([]);
});

test('the audit log says in words, by address, who signed in and who listed the entries', async ({
  page,
  request,
  system,
}) => {
  test.setTimeout(90_000);
  const token = await staffToken(request, system.admin);
  // A read of the Users list, as the panel makes it: the audit log must name who made it.
  const listed = await request.get('/api/admin/waitlist/entries', { headers: { Authorization: `Bearer ${token}` } });
  expect(listed.status()).toBe(200);
  await openPanel(page, token, '/admin/settings/audit');
  const audit = page.getByRole('region', { name: 'Audit log table' });
  await expect(audit).toBeVisible({ timeout: 30_000 });
  await expect(audit.getByRole('row').filter({ hasText: 'Listed entries' }).first()).toContainText(system.admin.email);
  await expect(audit.getByRole('row').filter({ hasText: 'Signed in' }).first()).toContainText(system.admin.email);
  await expect(audit).toHaveAttribute('tabindex', '0');
  expect(await axeFindings(page)).toEqual([]);
});
