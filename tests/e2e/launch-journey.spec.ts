import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { chooseCity, joinAndConfirm, linkInMail, screenshotsAt390And1280 } from './in-line-support.js';
import { addCity, cityOfItsOwn, prepareWaveOfOne, sendWaveOfOne, signInAsStaff } from './staff-support.js';

async function placeShown(page: Page): Promise<number> {
  const text = (await page.locator('.place-card__number').textContent()) ?? '';
  expect(text).toMatch(/^#\d+$/);
  return Number(text.slice(1));
}

/**
 * From a list to a launch: a person confirms and sees their place, climbs as friends confirm with their link, tells
 * us their city, is invited in a wave staff send for that city, and accepts.
 */
test('a person climbs the line with two friends, picks a city, is invited in a wave and let in', async ({
  page,
  mailbox,
  system,
  uniqueEmail,
}, testInfo) => {
  test.setTimeout(120_000);
  // One line for the whole run: a second copy of this journey (the phone project) would climb past the same
  // people at the same time and make "a better place" a race. The public pages are checked on both sizes elsewhere.
  test.skip(testInfo.project.name !== 'desktop', 'places are shared by every test of the run');
  const ada = uniqueEmail('ada');

  // Someone confirmed just before Ada and brings no friend: the place Ada climbs past.
  await joinAndConfirm(page, mailbox, uniqueEmail('early'));

  const confirmLink = await joinAndConfirm(page, mailbox, ada);
  const before = await placeShown(page);
  await expect(page.getByText('0 friends credited')).toBeVisible();
  const rule = page.getByText(
    /^Each friend who joins with your link and confirms moves you \d+ places? up; ties go by confirmation time\.$/,
  );
  await expect(rule).toBeVisible();
  const boost = Number(/moves you (\d+)/.exec((await rule.textContent()) ?? '')?.[1]);
  const shareLink = (await page.locator('.referral-card__link').textContent())?.trim() ?? '';
  expect(shareLink).toMatch(new RegExp(`^${system.baseURL}/waitlist\\?ref=`));

  // Two friends join with the share link and confirm: each credits Ada once confirmed.
  for (const label of ['friend1', 'friend2']) {
    await joinAndConfirm(page, mailbox, uniqueEmail(label), shareLink);
  }

  // Ada reopens her link: no second confirmation, a better place, and why.
  await page.goto(confirmLink);
  await expect(page.getByText('2 friends credited')).toBeVisible();
  await expect(page.getByText(new RegExp(`2 friends joined: ${2 * boost} places up\\.$`))).toBeVisible();
  const after = await placeShown(page);
  expect(after).toBeLessThan(before);

  // Staff add the city in Settings.
  const city = cityOfItsOwn(`E2E ${testInfo.project.name}`);
  await signInAsStaff(page, system.admin);
  await addCity(page, city);

  // Ada tells us her city, and only that.
  await chooseCity(page, city, confirmLink);

  // Staff preview and send a wave of one in Ada's city: she is the only one there.
  await prepareWaveOfOne(page, city);
  await expect(page.getByText(`1 person would be invited now (1 in line in ${city}).`)).toBeVisible();
  await sendWaveOfOne(page, city);
  const wave = page.getByRole('region', { name: 'Waves' }).getByRole('row', { name: new RegExp(city) });
  await expect(wave).toBeVisible();

  // The Users list shows every column, Actions included, without scrolling on a 1280-px screen.
  if (testInfo.project.name === 'desktop') {
    await page.goto('/admin/users');
    const table = page.locator('.adm-table--entries');
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    // The wrapper scrolls sideways only when the table is wider than the card.
    const [scrollWidth, clientWidth] = await page.locator('.adm-table-wrap', { has: table }).evaluate((element) => {
      const box = element as unknown as { scrollWidth: number; clientWidth: number };
      return [box.scrollWidth, box.clientWidth];
    });
    const fits = scrollWidth! <= clientWidth! + 1;
    expect(fits, 'the Users table fits its card at 1280 px').toBe(true);
  }

  // Ada's invitation arrives; opening it changes nothing until she accepts.
  const invitation = await linkInMail(mailbox, ada, '/invitation');
  expect(invitation).toMatch(new RegExp(`^${system.baseURL}/invitation\\?token=`));
  await page.goto(invitation);
  await expect(page.getByRole('heading', { level: 1, name: "You're invited to Meet Match Date Marry" })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Get the app' }).first()).toBeVisible();
  // The invited person's two pages, for a person to look at (both widths, taken once).
  if (testInfo.project.name === 'desktop') await screenshotsAt390And1280(page, testInfo, 'invitation');
  await page.getByRole('button', { name: 'Accept my invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're in!" })).toBeVisible();
  if (testInfo.project.name === 'desktop') await screenshotsAt390And1280(page, testInfo, 'admitted');

  // Her confirmation link now says so too.
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: "You're in!" })).toBeVisible();

  // And the wave counts her as admitted.
  await page.goto('/admin/launch');
  await expect(
    page
      .getByRole('region', { name: 'Waves' })
      .getByRole('row', { name: new RegExp(city) })
      .getByRole('cell')
      .last(),
  ).toHaveText('1');
});
