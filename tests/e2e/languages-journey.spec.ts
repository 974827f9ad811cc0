import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.js';
import { screenshotsAt390And1280 } from './in-line-support.js';
import { staffToken } from './staff-session.js';

/**
 * A visitor on the German pages gets German mails whose links open German pages, and a German place page, its cards
 * included; choosing Portuguese on their place page makes the next mail Portuguese, with links to the Portuguese pages.
 */
test('a sign-up on /de/waitlist gets German mails and pages, and after choosing Portuguese the next mail is Portuguese', async ({
  page,
  request,
  mailbox,
  system,
  uniqueEmail,
}, testInfo) => {
  // Three mails, two sign-ups and a confirmation: slow on a loaded 2-core runner.
  test.slow();
  const email = uniqueEmail('sprache');
  // The place page asks for a city once staff have listed one; its name is staff data, the same in every language.
  const city = `Hamburg ${randomBytes(3).toString('hex')}`;
  const added = await request.post('/api/admin/waitlist/cities', {
    headers: { Authorization: `Bearer ${await staffToken(request, system.admin)}` },
    data: { name: city },
  });
  expect(added.status()).toBe(201);

  await page.goto('/de/waitlist');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finde als Erste:r dein perfektes Match');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Jetzt eintragen' }).click();
  await expect(page.getByText('Du bist dabei!')).toBeVisible();

  const confirmation = await mailbox.waitFor(email);
  expect(confirmation.subject).toBe('Bestätige deinen Platz auf der Warteliste von Meet Match Date Marry');
  const confirmLink = confirmation.links.find((link) => link.includes('/confirm?token='));
  expect(confirmLink, 'the confirmation link opens the German page').toMatch(
    new RegExp(`^${system.baseURL}/de/confirm\\?token=`),
  );
  expect(confirmation.links.some((link) => link.startsWith(`${system.baseURL}/de/unsubscribe?token=`))).toBe(true);

  await page.goto(confirmLink!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('button', { name: 'Meine Adresse bestätigen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deine E-Mail-Adresse ist bestätigt' })).toBeVisible();
  const welcome = await mailbox.waitFor(email, { count: 2 });
  expect(welcome.subject).toMatch(/^Du bist Nummer [\d.]+ auf der Warteliste/);

  // The place page's cards: the city, who they'd like to meet, the ways to share, all in German.
  const cityCard = page.getByRole('form', { name: 'Deine Stadt (optional)' });
  await cityCard.getByRole('combobox', { name: 'Stadt' }).selectOption({ label: city });
  await cityCard.getByRole('button', { name: 'Meine Stadt speichern' }).click();
  await expect(cityCard.getByText(`Gespeichert: ${city}.`)).toBeVisible();
  const share = page.getByRole('list', { name: 'Teilen über' });
  await expect(share.getByRole('link', { name: 'E-Mail' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=Komm%20mit%20auf%20die%20Warteliste/,
  );
  await expect(page.getByRole('button', { name: 'Link zum Teilen kopieren' })).toBeVisible();
  // The link a German speaker passes on opens the German waitlist page.
  await expect(page.locator('.referral-card__link')).toHaveText(new RegExp(`^${system.baseURL}/de/waitlist\\?ref=`));
  const balance = page.getByRole('region', { name: 'Wen du kennenlernen möchtest (optional)' });
  await balance.getByLabel('Ich bin', { exact: true }).selectOption('woman');
  await balance.getByLabel('Ich möchte kennenlernen', { exact: true }).selectOption('men');
  await balance.getByRole('checkbox').check();
  await screenshotsAt390And1280(page, testInfo, 'languages-place-de');
  await balance.getByRole('button', { name: 'Speichern' }).click();
  await expect(balance.getByText('eine Frau, die Männer kennenlernen möchte')).toBeVisible();
  for (const english of ['Your city (optional)', 'Save my city', "Who you'd like to meet", 'Copy share link']) {
    await expect(page.getByText(english)).toHaveCount(0);
  }

  // The place page: the mails' language, German until changed.
  const language = page.getByLabel('Sprache', { exact: true });
  await expect(language).toHaveValue('de');
  await language.selectOption('pt');
  await page.getByRole('button', { name: 'Meine Sprache speichern' }).click();
  await expect(page.getByText('Gespeichert: Português.')).toBeVisible();

  // Signing up again with the confirmed address sends the place link again; the entry keeps its (new) language.
  await page.goto('/de/waitlist');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Jetzt eintragen' }).click();
  await expect(page.getByText('Du bist dabei!')).toBeVisible();
  const placeLink = await mailbox.waitFor(email, { count: 3 });
  expect(placeLink.subject).toBe('A sua ligação para o seu lugar na lista de espera da Meet Match Date Marry');
  expect(placeLink.html).toMatch(/<html[^>]*\blang="pt"/);
  expect(placeLink.links.some((link) => link.startsWith(`${system.baseURL}/pt/confirm?token=`))).toBe(true);

  // The Portuguese page it links to is in Portuguese.
  await page.goto(placeLink.links.find((link) => link.includes('/pt/confirm?token='))!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.getByRole('heading', { level: 1, name: 'O seu endereço de e-mail está confirmado' })).toBeVisible();
});
