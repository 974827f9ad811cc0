import type { Page } from '@playwright/test';
import { expect, test, type Mailbox } from './fixtures.js';
import { hydrated } from './public-support.js';

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
  // A second visit of a used link answers 409 (already confirmed, with the code): the browser logs that status.
  test.use({ allowConsole: [/status of 409/] });

  test('join → confirmation mail → its link confirms on the page, which shows the referral code and share link', async ({
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail address is confirmed');
    await expect(page.getByText(email)).toBeVisible();
    const shareLink = await page.locator('.referral-card__link').textContent();
    expect(shareLink).toMatch(/\/waitlist\?ref=/);
    const code = await page.locator('.referral-card__code').textContent();
    expect(code).toBeTruthy();

    // Opening the link again still shows the confirmation and the same code.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail address is confirmed');
    await expect(page.locator('.referral-card__code')).toHaveText(code!);

    // The share link pre-fills the referral code for a friend.
    await page.goto(new URL(shareLink!).pathname + new URL(shareLink!).search);
    await hydrated(page);
    await expect(page.getByLabel('Referral code')).toHaveValue(code!);
  });

  test('the unsubscribe link of the mail unsubscribes only when the button is pressed', async ({ page, mailbox, uniqueEmail }) => {
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
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("This confirmation link isn't valid");
      await expect(page.getByRole('main').getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', '/waitlist');
    });

    test('the unsubscribe page does nothing until the button is pressed, then explains a bad link', async ({ page }) => {
      let posted = false;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/waitlist/unsubscribe')) posted = true;
      });
      await page.goto('/unsubscribe?token=definitely-not-a-real-token-0000000000000000');
      await hydrated(page);
      expect(posted).toBe(false);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("This unsubscribe link isn't valid");
    });
  });

  test('the confirmation page without a token explains and links to the waitlist', async ({ page }) => {
    await page.goto('/confirm');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This confirmation link is incomplete');
  });
});
