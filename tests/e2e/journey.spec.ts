import { expect, test } from './fixtures.js';
import { signInAsStaff } from './staff-support.js';

/**
 * The journey the whole system exists for: a visitor joins, gets the mail, confirms, shares their code, and staff
 * see a confirmed sign-up in the panel.
 */
test('a visitor joins, confirms from the e-mail, and staff see the confirmed sign-up', async ({
  page,
  mailbox,
  system,
  uniqueEmail,
}) => {
  // Two sites, a mail, a click and a staff sign-in: a long journey, slow on a loaded 2-core runner.
  test.slow();
  const email = uniqueEmail('journey');

  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/waitlist$/);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText("You're on the list!")).toBeVisible();

  const mail = await mailbox.waitFor(email);
  expect(mail.to).toEqual([email]);
  // mailparser folds the List-* headers into one structured `list` entry.
  expect(mail.headers.get('list')).toMatchObject({
    unsubscribe: { url: expect.stringMatching(new RegExp(`^${system.baseURL}/waitlist/unsubscribe\\?token=`)) },
    'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
  });
  const confirmLink = mail.links.find((link) => link.includes('/confirm?token='));
  expect(confirmLink, 'the mail carries a confirmation link under PUBLIC_URL').toMatch(
    new RegExp(`^${system.baseURL}/confirm\\?token=`),
  );

  await page.goto(confirmLink!);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible();
  const shareLink = (await page.locator('.referral-card__link').textContent())?.trim() ?? '';
  expect(shareLink).toMatch(new RegExp(`^${system.baseURL}/waitlist\\?ref=[A-Z0-9]+$`));

  // The same link a second time says the address is confirmed, and still shows the code to share.
  await page.goto(confirmLink!);
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible();
  await expect(page.getByText(/You had already confirmed/)).toBeVisible();

  // A friend who follows the share link arrives with the code filled in.
  await page.goto(shareLink);
  await expect(page.getByLabel('Referral code')).toHaveValue(shareLink.split('ref=')[1]!);

  await signInAsStaff(page, system.admin);
  await page.goto('/admin/users');
  await page.getByLabel('Search by email').fill(email);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Confirmed')).toBeVisible();
});
