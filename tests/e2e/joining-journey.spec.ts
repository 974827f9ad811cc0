import type { Page, TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Mailbox } from './fixtures.js';
import { expectNoAxeViolations } from './in-line-support.js';
import { postSignup } from './proof-of-work.js';
import { hydrated, isPhone } from './public-support.js';
import { RESULTS_DIR } from './system.js';

/**
 * The person joining, as they see it on a 390 × 844 phone and a 1280 px desktop: the form on the first screen, an
 * error that marks the field, the thank-you saying where the confirmation link went, the lost place link mailed
 * again by signing up once more, and a share link's page saying a friend invited them (or, for an unknown code,
 * that the code was left out). Every page visited passes axe with no violation at all. The 429 played in the browser
 * is logged by Chromium as a console error, expected here.
 */
test.use({ allowConsole: [/status of 429/] });

/** A screenshot to look at, under the run's results folder (`joining-<project>-<name>.png`). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const dir = join(RESULTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `joining-${testInfo.project.name}-${name}.png`), fullPage: true });
}

async function mailWithSubject(mailbox: Mailbox, address: string, subject: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = (await mailbox.to(address)).find((candidate) => candidate.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** The form's e-mail field and button are inside the first screen, without scrolling. */
async function expectFormOnFirstScreen(page: Page) {
  const viewport = page.viewportSize()!;
  for (const target of [page.getByLabel('Email address'), page.getByRole('button', { name: 'Join the waitlist' })]) {
    const box = (await target.boundingBox())!;
    expect(box.y + box.height, 'inside the first screen').toBeLessThanOrEqual(viewport.height);
    expect(box.y).toBeGreaterThanOrEqual(0);
  }
  expect(await page.evaluate('window.scrollY')).toBe(0);
}

test.beforeEach(async ({ page }, testInfo) => {
  // Signing up goes through the proof of work, and axe checks each page: slow on a loaded 2-core runner.
  test.setTimeout(300_000);
  if (isPhone(testInfo)) await page.setViewportSize({ width: 390, height: 844 });
});

test('joining: the form on the first screen, an error that marks the field, the thank-you saying where the link went', async ({
  page,
  uniqueEmail,
}, testInfo) => {
  const email = uniqueEmail('joining');

  // The proof of work hashes in a worker of its own: on the page's thread it blocked typing for 200 ms at a time.
  const solver = page.waitForEvent('worker', { timeout: 30_000 });
  await page.goto('/waitlist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Be the first to find your perfect match');
  await hydrated(page);
  expect(new URL((await solver).url()).pathname).toMatch(/^\/assets\/solve-challenge\.worker-[\w-]+\.js$/);
  await shoot(page, testInfo, 'waitlist');
  await expectFormOnFirstScreen(page);
  await expectNoAxeViolations(page, '/waitlist');

  // A refusal: the red box shows the server's words, and the e-mail field is marked while it shows.
  await page.route('**/waitlist', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'Retry-After': '60' },
          body: JSON.stringify({
            success: false,
            code: 'rate_limited',
            message: 'Too many sign-ups from your network. Please try again later.',
          }),
        })
      : route.fallback(),
  );
  const field = page.getByLabel('Email address');
  await field.fill(email);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many sign-ups from your network. Please try again later.', {
    timeout: 20_000,
  });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Too many sign-ups from your network. Please try again later.');
  await expect(field).toHaveCSS('border-color', 'rgb(185, 28, 28)');
  await shoot(page, testInfo, 'error');
  await expectNoAxeViolations(page, '/waitlist, error');
  // The required 5 s: then the box goes, and the mark with it.
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });
  await expect(field).not.toHaveAttribute('aria-invalid');
  await page.unroute('**/waitlist');

  // Joining: the required thank-you, and where the confirmation link went.
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  const thanks = page.getByRole('status').filter({ hasText: "You're on the list!" });
  await expect(thanks).toBeVisible({ timeout: 30_000 });
  await expect(thanks).toContainText(
    "We'll notify you when the dating app launches. Get ready to find your perfect match!",
  );
  await expect(thanks).toContainText(`We sent a confirmation link to ${email}. Open it to get your place in line.`);
  await shoot(page, testInfo, 'thanks');
  await expectNoAxeViolations(page, '/waitlist, thank-you');
});

test('a lost place link: joining again with a confirmed address looks the same and mails the place link', async ({
  page,
  mailbox,
  uniqueEmail,
}) => {
  const email = uniqueEmail('relink');
  const join = async () => {
    await page.goto('/waitlist');
    await hydrated(page);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByRole('status').filter({ hasText: "You're on the list!" })).toContainText(
      `We sent a confirmation link to ${email}. Open it to get your place in line.`,
      { timeout: 30_000 },
    );
  };
  await join();
  const confirmation = await mailbox.waitFor(email, { timeoutMs: 30_000 });
  await page.goto(confirmation.links.find((link) => link.includes('/confirm?token='))!);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible({
    timeout: 20_000,
  });
  const shareLink = (await page.locator('.referral-card__link').textContent())?.trim() ?? '';

  // The link is lost: the page answers exactly as for anyone, and the address gets its place link.
  await join();
  const placeLink = await mailWithSubject(
    mailbox,
    email,
    'Your link to your place on the Meet Match Date Marry waitlist',
  );
  expect(placeLink.text).toContain('You are on it already');
  await page.goto(placeLink.links.find((link) => link.includes('/confirm?token='))!);
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/You had already confirmed/)).toBeVisible();
  await expect(page.locator('.referral-card__link')).toHaveText(shareLink);
  await expectNoAxeViolations(page, '/confirm, from the place link');
});

test('a share link: a friend invited them (nobody named); an unknown or malformed code is left out with a note', async ({
  page,
  request,
  mailbox,
  uniqueEmail,
}, testInfo) => {
  // The friend who shares: on the list through the API, as a script that does the work would be.
  const friend = uniqueEmail('friend');
  expect((await postSignup(request, { email: friend })).status()).toBe(200);
  const mail = await mailbox.waitFor(friend, { timeoutMs: 30_000 });
  const token = /confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.links.join(' '))?.[1];
  const confirmed = await request.post('/waitlist/confirm', { data: { token } });
  const code = ((await confirmed.json()) as { data: { referralCode: string } }).data.referralCode;

  await page.goto(`/waitlist?ref=${code}`);
  await hydrated(page);
  await expect(page.locator('p', { hasText: 'A friend invited you.' })).toHaveText(
    'A friend invited you. Join with their code and confirm your address: your friend moves 10 places up, and you get a link of your own to do the same.',
  );
  await expect(page.getByLabel('Referral code')).toHaveValue(code);
  await expect(page.locator('main')).not.toContainText(friend);
  await expectFormOnFirstScreen(page);
  await shoot(page, testInfo, 'share-link');
  await expectNoAxeViolations(page, '/waitlist?ref=');

  for (const ref of ['NOSUCHCODE', '%3Cb%3Ehi%3C%2Fb%3E']) {
    await page.goto(`/waitlist?ref=${ref}`);
    await hydrated(page);
    await expect(page.getByRole('status')).toHaveText(
      "The code in your link isn't one we know, so we left it out. You can still join, with or without a friend's code.",
    );
    await expect(page.getByLabel('Referral code')).toHaveValue('');
    await expect(page.getByText(/A friend invited you/)).toHaveCount(0);
  }
  await shoot(page, testInfo, 'unknown-code');
  await expectNoAxeViolations(page, '/waitlist?ref=unknown');
});
