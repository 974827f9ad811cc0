import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.js';
import { joinAndConfirm, screenshotsAt390And1280 } from './in-line-support.js';
import { hydrated } from './public-support.js';

/**
 * A city that opens at a threshold: staff set it, people choosing it see how far it is, the waitlist page lists it,
 * and once it is reached the dashboard asks an admin to open it, which sends its first wave once.
 */
test('a city waits for its threshold, shows its progress, and opens on an admin’s click', async ({
  page,
  mailbox,
  system,
  uniqueEmail,
}, testInfo) => {
  test.setTimeout(240_000);
  test.skip(testInfo.project.name !== 'desktop', 'one city opening per run; both widths are screenshot here');
  const city = `Opening ${randomBytes(3).toString('hex')}`;

  // Staff add the city and set its opening: 2 people, a first wave of 1, opened by an admin.
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(system.admin.email);
  await page.getByLabel('Password').fill(system.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings/cities');
  await page.getByLabel('City name').fill(city);
  await page.getByRole('button', { name: 'Add city' }).click();
  const row = page.getByRole('row', { name: new RegExp(city) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Opening of ${city}` }).click();
  const dialog = page.getByRole('dialog', { name: `Opening of ${city}` });
  await dialog.getByLabel('Opening threshold (people)').fill('2');
  await dialog.getByLabel('First wave (invitations)').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${city}'s opening settings were saved.`)).toBeVisible();
  await expect(row.getByText('Waiting: 0 of 2')).toBeVisible();
  await screenshotsAt390And1280(page, testInfo, 'cities-settings');

  // The first person chooses it and sees how far it is.
  const ada = uniqueEmail('opening-ada');
  await joinAndConfirm(page, mailbox, ada);
  await page.getByRole('combobox', { name: 'City' }).selectOption({ label: city });
  await page.getByRole('button', { name: 'Save my city' }).click();
  await expect(page.getByText(`Saved: ${city}.`)).toBeVisible();
  await expect(page.getByText(`${city}: 1 of 2 needed to open.`)).toBeVisible();
  await screenshotsAt390And1280(page, testInfo, 'city-progress');

  // The waitlist page lists it among the cities opening soon.
  await page.goto('/waitlist');
  await hydrated(page);
  const opening = page.getByRole('region', { name: 'Cities opening soon' });
  await expect(opening.getByText(`${city}: 1 of 2 needed to open.`)).toBeVisible();
  await screenshotsAt390And1280(page, testInfo, 'waitlist-cities-opening');

  // The second person reaches the threshold: the city waits for an admin.
  const bea = uniqueEmail('opening-bea');
  await joinAndConfirm(page, mailbox, bea);
  await page.getByRole('combobox', { name: 'City' }).selectOption({ label: city });
  await page.getByRole('button', { name: 'Save my city' }).click();
  await expect(page.getByText(`${city}: 2 of 2 people, opening soon.`)).toBeVisible();

  await page.goto('/admin');
  const banner = page.getByRole('region', { name: `${city} awaits its opening` });
  await expect(banner).toBeVisible();
  await screenshotsAt390And1280(page, testInfo, 'dashboard-city-awaiting');
  await banner.getByRole('button', { name: `Open ${city}` }).click();
  await expect(page.getByText(`${city} is open: 1 invitation is on its way.`)).toBeVisible();
  await expect(banner).toBeHidden();

  // The first wave went to the best place in the city: Ada, who confirmed first.
  await expect
    .poll(async () => (await mailbox.to(ada)).some((mail) => mail.links.some((l) => l.includes('/invitation?token='))))
    .toBe(true);
  expect((await mailbox.to(bea)).some((mail) => mail.links.some((l) => l.includes('/invitation?token=')))).toBe(false);
});
