import type { Page } from '@playwright/test';
import pg from 'pg';
import { expect, test, type Mailbox } from './fixtures.js';
import { hydrated } from './public-support.js';

/** The entry's status and whether its confirmation link was used, as Postgres holds them. */
async function entryState(databaseUrl: string, email: string): Promise<{ status: string; used: boolean } | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string; used: boolean }>(
      `select e.status, t.used_at is not null as used
         from waitlist.entries e join waitlist.tokens t on t.entry_id = e.id and t.purpose = 'confirm'
        where e.email_normalized = $1`,
      [email.toLowerCase()],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** Joins through the form as a visitor would and returns the confirmation mail that arrives. */
async function joinAndReadMail(page: Page, mailbox: Mailbox, email: string) {
  await page.goto('/waitlist');
  await hydrated(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: "You're on the list!" })).toBeVisible();
  return mailbox.waitFor(email);
}

test.describe('the e-mail links', () => {
  // Joining through the form solves the proof of work first: well over 30 s on a loaded 2-core runner.
  test.beforeEach(() => test.setTimeout(120_000));

  test('join → confirmation mail → its link asks for one click, which confirms and shows the referral code and share link', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('confirm');
    const mail = await joinAndReadMail(page, mailbox, email);
    const link = mail.links.find((href) => /\/confirm\?token=/.test(href));
    expect(link, 'the mail has a confirmation link').toBeTruthy();
    const path = new URL(link!).pathname + new URL(link!).search;

    // A GET of the page alone (what a mail scanner does) confirms nobody: the page is the same static shell.
    const shell = await page.request.get(path);
    expect(shell.status()).toBe(200);
    expect(await shell.text()).not.toContain('is confirmed');

    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e-mail address');
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Confirm my address' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail address is confirmed');
    await expect(page.getByText(email)).toBeVisible();
    const shareLink = await page.locator('.referral-card__link').textContent();
    expect(shareLink).toMatch(/\/waitlist\?ref=/);
    const code = await page.locator('.referral-card__code').textContent();
    expect(code).toBeTruthy();

    // Opening the link again shows the confirmation and the same code, with nothing more to click.
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail address is confirmed');
    await expect(page.locator('.referral-card__code')).toHaveText(code!);
    await expect(page.getByRole('button', { name: 'Confirm my address' })).toHaveCount(0);

    // The share link pre-fills the referral code for a friend.
    await page.goto(new URL(shareLink!).pathname + new URL(shareLink!).search);
    await hydrated(page);
    await expect(page.getByLabel('Referral code')).toHaveValue(code!);
  });

  test('opening the confirmation link in a browser that runs its scripts (a link scanner) leaves the sign-up pending', async ({
    page,
    mailbox,
    system,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('scanned');
    const mail = await joinAndReadMail(page, mailbox, email);
    const link = mail.links.find((href) => /\/confirm\?token=/.test(href))!;
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') posts.push(`${request.method()} ${request.url()}`);
    });

    // Opened, scripts run, the status read answered; then reopened, as scanners and previews do.
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
      await hydrated(page);
      await expect(page.getByRole('button', { name: 'Confirm my address' })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(posts).toEqual([]);
    expect(await entryState(system.databaseUrl, email)).toEqual({ status: 'pending', used: false });
  });

  test('the unsubscribe link of the mail unsubscribes only when the button is pressed', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('leaver');
    const mail = await joinAndReadMail(page, mailbox, email);
    const link = mail.links.find((href) => /\/unsubscribe\?token=/.test(href));
    expect(link, 'the mail has an unsubscribe link').toBeTruthy();
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from our e-mails');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're unsubscribed");
  });

  test.describe('with an unknown token', () => {
    test.use({ allowConsole: [/Failed to load resource/] });

    test('the confirmation page says the link is not valid and offers to join again', async ({ page }) => {
      await page.goto('/confirm?token=definitely-not-a-real-token-0000000000000000');
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("This confirmation link isn't valid");
      await expect(page.getByRole('main').getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
        'href',
        '/waitlist',
      );
    });

    test('the unsubscribe page reads the link without unsubscribing anyone and explains a bad link', async ({
      page,
    }) => {
      let posted = false;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/waitlist/unsubscribe')) posted = true;
      });
      await page.goto('/unsubscribe?token=definitely-not-a-real-token-0000000000000000');
      await hydrated(page);
      // The page reads the link first (a GET): on a loaded machine that answer can take longer than expect's default.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("This unsubscribe link isn't valid", {
        timeout: 20_000,
      });
      expect(posted).toBe(false);
    });
  });

  test('the confirmation page without a token explains and links to the waitlist', async ({ page }) => {
    await page.goto('/confirm');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This confirmation link is incomplete');
  });
});
