// Claims the cookie and privacy policies make about the public site, tested as a visitor's browser sees it.
import { expect, test } from './fixtures.js';
import { hydrated, publicPages } from './public-support.js';

test('cookie policy: "we do not use advertising cookies", "everything on this site, including fonts and images, is served from our own servers": the public site sets no cookie, stores nothing in the browser and loads nothing from another origin', async ({
  page,
  context,
  system,
  uniqueEmail,
}) => {
  // A journey through several pages (and, for the data page, two mails): more than one page's time.
  test.slow();
  const origin = new URL(system.baseURL).origin;
  const elsewhere: string[] = [];
  const setCookie: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) elsewhere.push(request.url());
  });
  page.on('response', async (response) => {
    const header = await response.headerValue('set-cookie');
    if (header) setCookie.push(`${response.url()}: ${header}`);
  });

  for (const { path } of [...publicPages, { path: '/your-data' }]) {
    await page.goto(path);
    await hydrated(page);
  }
  // A sign-up too: the one thing a visitor sends.
  await page.goto('/waitlist');
  await hydrated(page);
  await page.getByLabel('Email address').fill(uniqueEmail('claims'));
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: "You're on the list!" })).toBeVisible();

  expect(elsewhere).toEqual([]);
  expect(setCookie).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  // A string: evaluated in the page, whose globals this file's types do not know.
  expect(await page.evaluate('[localStorage.length, sessionStorage.length, document.cookie]')).toEqual([0, 0, '']);
});
