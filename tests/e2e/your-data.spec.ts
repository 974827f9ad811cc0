import { readFileSync } from 'node:fs';
import pg from 'pg';
import { expect, test } from './fixtures.js';
import { hydrated, seriousAxeFindings } from './public-support.js';
import { postSignup } from './proof-of-work.js';

/** How many rows of any table still name or hang on the address. */
async function rowsHeldFor(databaseUrl: string, email: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from waitlist.entries where email_normalized = $1`,
      [email.toLowerCase()],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

test('your data: ask for the link, open it from the mail, download the JSON, delete everything with the second click', async ({
  page,
  request,
  mailbox,
  system,
  uniqueEmail,
}) => {
  // A journey through several pages (and, for the data page, two mails): more than one page's time.
  test.slow();
  const email = uniqueEmail('mydata');
  expect((await postSignup(request, { email })).status()).toBe(200);
  await mailbox.waitFor(email);

  // From the footer, as a visitor finds it.
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Your data: see, download or erase it' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your data');
  await hydrated(page);
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If this address is on our waitlist');

  const mail = await mailbox.waitFor(email, { count: 2 });
  const link = mail.links.find((href) => /\/your-data\?token=/.test(href));
  expect(link, 'the mail has the data link').toBeTruthy();
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await hydrated(page);
  await page.getByRole('button', { name: 'Show my data' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your data');
  await expect(page.getByText(email).first()).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download as JSON' }).click(),
  ]);
  const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { email: string; status: string };
  expect(saved).toMatchObject({ email, status: 'pending' });

  await page.getByRole('button', { name: 'Delete everything now' }).click();
  expect(await rowsHeldFor(system.databaseUrl, email)).toBe(1);
  await page.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything is erased');
  expect(await rowsHeldFor(system.databaseUrl, email)).toBe(0);
});
