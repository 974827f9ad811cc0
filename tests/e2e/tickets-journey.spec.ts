import { join as joinPath } from 'node:path';
import { expect, test } from './fixtures.js';
import { chooseCity, join, joinAndConfirm, screenshotsAt390And1280 } from './in-line-support.js';
import { hydrated } from './public-support.js';
import { invitedAloneInACity, inviteOne } from './staff-support.js';
import { RESULTS_DIR } from './system.js';

/**
 * Tickets for friends: an admitted member finds three ticket links on their invitation page, a friend joins with one
 * and is invited by the next wave of their city ahead of someone with a better place, the link then says it is used,
 * and staff see the ticket given and used.
 */
test('a member gives a friend a ticket; the friend skips the line once; the used link says so', async ({
  page,
  mailbox,
  system,
  uniqueEmail,
}, testInfo) => {
  test.setTimeout(150_000);
  // Waves take the best places of a city shared by the run: one copy of this journey, on the desktop project.
  test.skip(testInfo.project.name !== 'desktop', 'waves and places are shared by every test of the run');

  // Ada, alone in a city of the run's own, is invited by a wave and accepts: her invitation page shows her tickets.
  const ada = uniqueEmail('ada');
  const { city, invitationLink } = await invitedAloneInACity(page, mailbox, system.admin, ada, 'Tickets');
  await page.goto(invitationLink);
  await page.getByRole('button', { name: 'Accept my invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're in!" })).toBeVisible();
  const tickets = page.getByRole('region', { name: 'Tickets for your friends' });
  await expect(tickets.getByText('You have 3 tickets left.', { exact: false })).toBeVisible();
  await screenshotsAt390And1280(page, testInfo, 'tickets-member');
  const [ticketLink, second, third] = (await tickets.locator('.tickets-card__link').allTextContents()).map((link) =>
    link.trim(),
  );
  if (!ticketLink || !second || !third) throw new Error('the member page shows no three ticket links');
  expect(ticketLink).toMatch(new RegExp(`^${system.baseURL}/waitlist\\?ticket=[A-Za-z0-9_-]{43}$`));

  // Early is in line in the city before Bea and brings no ticket: the better place Bea's ticket passes.
  const early = uniqueEmail('early');
  const earlyLink = await joinAndConfirm(page, mailbox, early);
  await chooseCity(page, city, earlyLink);

  // Bea opens the ticket link: the page says what it does, and she joins with it.
  await page.goto(ticketLink);
  await hydrated(page);
  await expect(page.getByText('A member gave you a ticket.')).toBeVisible();
  await screenshotsAt390And1280(page, testInfo, 'ticket-link');
  const bea = uniqueEmail('bea');
  const beaLink = await joinAndConfirm(page, mailbox, bea, ticketLink);
  await chooseCity(page, city, beaLink);

  // The next wave of one in the city invites Bea, not Early.
  await inviteOne(page, city);
  await page.goto(beaLink);
  await expect(page.getByRole('heading', { level: 1, name: "You're invited!" })).toBeVisible();
  await page.goto(earlyLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible();

  // The link, opened again, says it is used; Ada's page says so too.
  await page.goto(ticketLink);
  await hydrated(page);
  await expect(page.getByText('This ticket has been used already.')).toBeVisible();
  await screenshotsAt390And1280(page, testInfo, 'ticket-used');

  // Cai, in line already, joins again by the second link with his address: the answer is the one anybody gets, his
  // place link comes by mail, and his place page, opened in this browser, uses the ticket.
  const cai = uniqueEmail('cai');
  const caiLink = await joinAndConfirm(page, mailbox, cai);
  await join(page, cai, second);
  await page.goto(caiLink);
  await page.getByRole('button', { name: 'Use my ticket' }).click();
  await expect(page.getByText('Your ticket is in.')).toBeVisible();
  await screenshotsAt390And1280(page, testInfo, 'ticket-used-from-place');

  // Staff see the tickets given and used (a staff table scrolls in its own box on a phone: 1280 px only).
  await page.goto('/admin/launch');
  const card = page.getByRole('region', { name: 'Tickets for friends', exact: true });
  await expect(card.getByText(/\d+ given, \d+ used/)).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: bea.split('@')[0]! })).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: cai.split('@')[0]! })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: joinPath(RESULTS_DIR, 'screenshots', 'in-line-desktop-tickets-staff-1280.png') });

  // An admin revokes Ada's third ticket, saying why: the dialog refuses to revoke without a reason.
  const open = card
    .getByRole('row')
    .filter({ hasText: ada.split('@')[0]! })
    .filter({ hasText: 'Open' });
  await expect(open).toHaveCount(1);
  await open.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke this ticket?' });
  await expect(dialog.getByText('Nobody can use it any more.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Revoke the ticket' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Revoke the ticket' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Shared on a public forum');
  await dialog.screenshot({ path: joinPath(RESULTS_DIR, 'screenshots', 'in-line-desktop-tickets-revoke-1280.png') });
  await dialog.getByRole('button', { name: 'Revoke the ticket' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    card
      .getByRole('row')
      .filter({ hasText: ada.split('@')[0]! })
      .filter({ hasText: 'Revoked' }),
  ).toHaveCount(1);

  // The revoked link says so to the friend who opens it.
  await page.goto(third);
  await hydrated(page);
  await expect(page.getByText('This ticket has been withdrawn')).toBeVisible();
});
