import { expect, test } from './fixtures.js';
import { expectNoAxeViolations, join, joinAndConfirm, linkInMail, screenshotsAt390And1280 } from './in-line-support.js';

/** Width and height of a baseline or progressive JPEG, from its start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('no start-of-frame segment');
}

test.describe('a share link previews well', () => {
  test('the waitlist and a share link carry Open Graph and Twitter card tags in the served HTML, with our own image', async ({
    request,
  }) => {
    for (const path of ['/waitlist', '/waitlist?ref=ADA7K2Q9']) {
      // What a link-preview crawler reads: the HTML as served, no script run.
      const html = await (await request.get(path)).text();
      const meta = (key: string) =>
        new RegExp(`<meta (?:property|name)="${key.replace(':', '\\:')}" content="([^"]*)"`).exec(html)?.[1];
      expect(meta('og:title'), path).toBe('Join the waitlist – Meet Match Date Marry');
      expect(meta('og:description'), path).toMatch(/^Be among the first to try Meet Match Date Marry/);
      expect(meta('og:image'), path).toMatch(/^https?:\/\/[^/]+\/images\/og-image\.jpg$/);
      expect([meta('og:image:width'), meta('og:image:height')], path).toEqual(['1200', '630']);
      expect(meta('og:image:alt'), path).toBeTruthy();
      expect(meta('twitter:card'), path).toBe('summary_large_image');
      expect(meta('twitter:title'), path).toBe(meta('og:title'));
      expect(meta('twitter:image'), path).toBe(meta('og:image'));
    }
    // The image ships with the site: served from our origin, 1200 × 630, under 100 kB.
    const image = await request.get('/images/og-image.jpg');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    const bytes = await image.body();
    expect(bytes.length).toBeLessThan(100_000);
    expect(jpegSize(bytes)).toEqual({ width: 1200, height: 630 });
  });
});

test.describe('the person in line, and the person leaving', () => {
  // Each sign-up solves the proof of work and axe reads each page: minutes on a loaded 2-core runner.
  test.beforeEach(() => test.setTimeout(240_000));

  test('sees the whole picture, shares without third parties, is told when a friend joins', async ({
    page,
    mailbox,
    uniqueEmail,
  }, testInfo) => {
    const ada = uniqueEmail('inline');
    const confirmLink = await joinAndConfirm(page, mailbox, ada);
    await expect(
      page.getByText(/^of [\d,]+ (people|person) in line · [\d,]+ (people|person) behind you$/),
    ).toBeVisible();
    await expect(page.getByText('0 friends credited')).toBeVisible();
    const shareLink = (await page.locator('.referral-card__link').textContent())?.trim() ?? '';

    // Plain links that carry the message and the link; nothing of theirs loads here.
    const links = page.getByRole('list', { name: 'Share with' }).getByRole('link');
    await expect(links).toHaveText(['WhatsApp', 'SMS', 'E-mail', 'X']);
    for (let index = 0; index < 4; index++) {
      expect(decodeURIComponent((await links.nth(index).getAttribute('href')) ?? '')).toContain(shareLink);
    }
    await expectNoAxeViolations(page, 'the place page');

    // One friend joins and does not confirm yet; another joins and confirms.
    const waiting = uniqueEmail('waiting');
    await join(page, waiting, shareLink);
    const friend = uniqueEmail('friend');
    await joinAndConfirm(page, mailbox, friend, shareLink);

    await page.goto(confirmLink);
    await expect(page.getByText('1 friend credited')).toBeVisible();
    await expect(page.getByText(/^1 friend joined and has not confirmed yet/)).toBeVisible();
    const place = (await page.locator('.place-card__number').textContent())?.replace(/[#,]/g, '') ?? '';
    await screenshotsAt390And1280(page, testInfo, 'place-page');

    // Ada hears of it once, with her new place (after her confirmation link and her welcome with her place).
    const friendJoined = /^A friend joined with your link: you are now number [\d,]+$/;
    await expect
      .poll(async () => (await mailbox.to(ada)).filter((mail) => friendJoined.test(mail.subject)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const moved = (await mailbox.to(ada)).find((mail) => friendJoined.test(mail.subject))!;
    expect(Number(moved.subject.replace(/\D/g, ''))).toBeLessThanOrEqual(Number(place) + 50);
  });

  // A used unsubscribe link and a removed entry's place link are answered 410 Gone, which Chromium logs as an error.
  test.describe(() => {
    test.use({ allowConsole: [/status of 410/] });

    test('leaves plainly: the page names the address, a reopened link is done, the place link says removed', async ({
      page,
      mailbox,
      uniqueEmail,
    }, testInfo) => {
      const ada = uniqueEmail('leaving');
      const confirmLink = await joinAndConfirm(page, mailbox, ada);

      // Leaving: the page names the address and what goes with it; only the click unsubscribes.
      const unsubscribe = await linkInMail(mailbox, ada, '/unsubscribe');
      await page.goto(unsubscribe.replace(/^https?:\/\/[^/]+/, ''));
      await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from our e-mails' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(ada);
      await expect(page.getByText(/its referral code and the friends credited to it are erased with it/)).toBeVisible();
      await expectNoAxeViolations(page, 'the unsubscribe page');
      await screenshotsAt390And1280(page, testInfo, 'unsubscribe-page');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();

      // Reopened: done. The place link now says the entry was removed.
      await page.goto(unsubscribe.replace(/^https?:\/\/[^/]+/, ''));
      await expect(page.getByRole('heading', { level: 1, name: 'You have already unsubscribed' })).toBeVisible();
      await expectNoAxeViolations(page, 'a used unsubscribe link');
      await page.goto(confirmLink);
      await expect(
        page.getByRole('heading', { level: 1, name: 'This entry was removed from the waitlist' }),
      ).toBeVisible();
      await expect(page.getByText(/copied only in part/)).toHaveCount(0);
      await expectNoAxeViolations(page, 'a removed entry’s place link');

      // Status pages keep their space above the footer on a phone.
      await page.setViewportSize({ width: 390, height: 844 });
      const last = await page.locator('.status-page > :last-child').boundingBox();
      const footer = await page.locator('footer').first().boundingBox();
      const gap = footer!.y - (last!.y + last!.height);
      expect(gap, 'space between the page and the footer at 390 px').toBeGreaterThanOrEqual(32);
    });
  });
});
