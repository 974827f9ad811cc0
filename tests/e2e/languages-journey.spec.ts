import { expect, test } from './fixtures.js';

/**
 * A visitor on the German pages gets German mails whose links open German pages; choosing Portuguese on their place
 * page makes the next mail Portuguese, with links to the Portuguese pages.
 */
test('a sign-up on /de/waitlist gets German mails and pages, and after choosing Portuguese the next mail is Portuguese', async ({
  page,
  mailbox,
  system,
  uniqueEmail,
}) => {
  // Three mails, two sign-ups and a confirmation: slow on a loaded 2-core runner.
  test.slow();
  const email = uniqueEmail('sprache');

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
