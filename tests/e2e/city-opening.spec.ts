import type { Page, TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { expect, test } from './fixtures.js';
import { chooseCity, joinAndConfirm, screenshotsAt390And1280 } from './in-line-support.js';
import { hydrated } from './public-support.js';
import { addCity, cityOfItsOwn, signInAsStaff } from './staff-support.js';
import { RESULTS_DIR } from './system.js';

/**
 * A staff screen at 390 and 1280 px for a person to look at. Not the public pages' edge check: a staff table scrolls
 * in its own box on a phone (decision 030), which staff-tables.spec.ts checks.
 */
async function staffScreenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = joinPath(RESULTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const path = joinPath(dir, `city-opening-${testInfo.project.name}-${name}-${width}.png`);
    await testInfo.attach(`${name}-${width}`, {
      body: await page.screenshot({ path, fullPage: true }),
      contentType: 'image/png',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

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
  const city = cityOfItsOwn('Opening');

  // Staff add the city and set its opening: 2 people, a first wave of 1, opened by an admin.
  await signInAsStaff(page, system.admin);
  await addCity(page, city);
  const row = page.getByRole('row', { name: new RegExp(city) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Opening of ${city}` }).click();
  const dialog = page.getByRole('dialog', { name: `Opening of ${city}` });
  await dialog.getByLabel('Opening threshold (people)').fill('2');
  await dialog.getByLabel('First wave (invitations)').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${city}'s opening settings were saved.`)).toBeVisible();
  await expect(row.getByText('Waiting: 0 of 2')).toBeVisible();
  await staffScreenshots(page, testInfo, 'cities-settings');

  // The first person chooses it and sees how far it is.
  const ada = uniqueEmail('opening-ada');
  await joinAndConfirm(page, mailbox, ada);
  await chooseCity(page, city);
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
  await chooseCity(page, city);
  await expect(page.getByText(`${city}: 2 of 2 people, opening soon.`)).toBeVisible();

  await page.goto('/admin');
  const banner = page.getByRole('region', { name: `${city} awaits its opening` });
  await expect(banner).toBeVisible();
  await staffScreenshots(page, testInfo, 'dashboard-city-awaiting');
  await banner.getByRole('button', { name: `Open ${city}` }).click();
  await expect(page.getByText(`${city} is open: 1 invitation is on its way.`)).toBeVisible();
  await expect(banner).toBeHidden();

  // The first wave went to the best place in the city: Ada, who confirmed first.
  await expect
    .poll(async () => (await mailbox.to(ada)).some((mail) => mail.links.some((l) => l.includes('/invitation?token='))))
    .toBe(true);
  expect((await mailbox.to(bea)).some((mail) => mail.links.some((l) => l.includes('/invitation?token=')))).toBe(false);
});
