import { expect, test } from './fixtures.js';
import { hydrated, seriousAxeFindings } from './public-support.js';
import { postSignup } from './proof-of-work.js';

/**
 * The contact and "Your data" pages under a language's prefix speak it in a real browser: the form's labels, its
 * confirmation, a refusal the service words in English, the data and its erasure. The refusal is played by answering
 * the form's call with 429 in the browser (Chromium logs it as a console error, expected here).
 */
test.use({ allowConsole: [/status of 429/] });

test('writing to us from /fr/contact: French labels, a refusal said in French, then the French thank-you', async ({
  page,
  uniqueEmail,
}) => {
  // The proof of work the e2e system always asks for, and a mail: more than one page's time on a loaded machine.
  test.slow();
  const visitor = uniqueEmail('ecrire');
  await page.goto('/fr/contact');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nous serions ravis de vous lire');
  await hydrated(page);
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.getByLabel('Votre nom').fill('Jeanne Martin');
  await page.getByLabel('Votre adresse e-mail').fill(visitor);
  await page.getByLabel('Votre message').fill('Bonjour ! L’application ouvrira-t-elle à Lyon ?');

  // The service refuses (its rate limit), in English as it always answers: the page says it in French.
  await page.route('**/waitlist/contact', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'Retry-After': '600' },
          body: JSON.stringify({
            success: false,
            code: 'rate_limited',
            message: 'Too many messages from your network. Please try again later.',
          }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toHaveText(/Votre message n’a pas été envoyé\. Trop de messages depuis votre réseau\./, {
    timeout: 15_000,
  });
  await expect(refusal).not.toContainText('Too many');
  await page.unroute('**/waitlist/contact');

  await refusal.getByRole('button', { name: 'Réessayer' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Merci ! Votre message est bien parvenu à notre équipe.' });
  await expect(sent).toBeVisible({ timeout: 15_000 });
  await expect(sent).toContainText(`Nous répondrons à ${visitor} sous deux jours ouvrés.`);
  await expect(page.getByRole('button', { name: 'Écrire un autre message' })).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
});

test('your data on /de/your-data: the link asked for in German, the data shown in German, erased in German', async ({
  page,
  request,
  mailbox,
  uniqueEmail,
}) => {
  // Two mails and three pages.
  test.slow();
  const email = uniqueEmail('daten');
  expect((await postSignup(request, { email, language: 'de' })).status()).toBe(200);
  await mailbox.waitFor(email);

  await page.goto('/de/your-data');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deine Daten');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Datenschutzerklärung' }).last()).toHaveAttribute(
    'href',
    '/de/privacy-policy',
  );
  await page.getByLabel('Deine E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Link schicken' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Falls diese Adresse auf unserer Warteliste steht, haben wir ihr gerade einen Link zu ihren Daten geschickt. Der Link funktioniert einmal, eine Stunde lang.',
  );

  // The mail to a German entry links to the German page.
  const mail = await mailbox.waitFor(email, { count: 2 });
  const link = mail.links.find((href) => /\/de\/your-data\?token=/.test(href));
  expect(link, 'the mail links to /de/your-data').toBeTruthy();
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sieh dir deine Daten an');
  await page.getByRole('button', { name: 'Meine Daten anzeigen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deine Daten');
  const row = (term: string) => page.locator('.data-list__row').filter({ has: page.getByText(term, { exact: true }) });
  await expect(row('Status').locator('dd')).toHaveText('Angemeldet, noch nicht bestätigt');
  await expect(row('Sprache deiner E-Mails').locator('dd')).toHaveText('Deutsch');
  await expect(row('Angemeldet').locator('dd')).toHaveText(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  await expect(page.getByRole('button', { name: 'Als JSON herunterladen' })).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.getByRole('button', { name: 'Jetzt alles löschen' }).click();
  await expect(page.getByRole('group', { name: 'Jetzt alles löschen?' })).toBeVisible();
  await page.getByRole('button', { name: 'Ja, alles löschen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alles ist gelöscht');
  await expect(page.getByRole('link', { name: 'Wieder auf die Warteliste' })).toHaveAttribute('href', '/de/waitlist');
});
