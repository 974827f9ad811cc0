import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { hydrated } from './public-support.js';

const SUCCESS_TITLE = "You're on the list!";
const SUCCESS_BODY = "We'll notify you when the dating app launches. Get ready to find your perfect match!";

const emailField = (page: Page) => page.getByLabel('Email address');
const referralField = (page: Page) => page.getByLabel('Referral code');
const joinButton = (page: Page) => page.getByRole('button', { name: 'Join the waitlist' });
const errorBox = (page: Page) => page.getByRole('alert');

/**
 * Times, inside the page, how long after the form's submit the error box appears: measured where it happens, free
 * of the test runner's own latency. Read with `errorDelay`.
 */
async function timeErrorBox(page: Page) {
  await page.evaluate(`(() => {
    document.addEventListener('submit', () => { window.__submittedAt = performance.now(); window.__alertAt = undefined; }, true);
    new MutationObserver(() => {
      if (window.__alertAt === undefined && document.querySelector('[role="alert"]')) window.__alertAt = performance.now();
    }).observe(document.body, { subtree: true, childList: true });
  })()`);
}

async function errorDelay(page: Page): Promise<number> {
  return Number(await page.evaluate('window.__alertAt - window.__submittedAt'));
}

/**
 * Times, inside the page, how long something stays on screen: from the first DOM change that shows it to the first
 * that takes it away (`present` is a JavaScript expression evaluated in the page). The runner's own latency (its
 * polling, the round trips to the browser) grows with the machine's load and is no part of what the visitor sees.
 */
async function timeShown(page: Page, present: string) {
  await page.evaluate(`(() => {
    const shown = (window.__shown = {});
    new MutationObserver(() => {
      const now = performance.now();
      const isShown = Boolean(${present});
      if (isShown && shown.from === undefined) shown.from = now;
      if (!isShown && shown.from !== undefined && shown.to === undefined) shown.to = now;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`);
}

/** Waits until the timed thing is gone again, and says for how many milliseconds (page time) it was shown. */
async function shownFor(page: Page): Promise<number> {
  // Polled from here: the page's CSP (no 'unsafe-eval') refuses waitForFunction's string predicate.
  await expect.poll(() => page.evaluate('window.__shown.to !== undefined'), { timeout: 10_000 }).toBe(true);
  return Number(await page.evaluate('window.__shown.to - window.__shown.from'));
}

async function openForm(page: Page, url = '/waitlist') {
  await page.goto(url);
  await hydrated(page);
}

/** Intercepts the sign-up call only (POST /waitlist), never the page itself. */
function onSignUp(page: Page, handler: (route: Route) => Promise<void> | void) {
  return page.route(
    (url) => url.pathname === '/waitlist',
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      return handler(route);
    },
  );
}

test.describe('the waitlist page', () => {
  test('shows the headline, sub-headline, description, the three claims and a labelled form', async ({ page }) => {
    await openForm(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const claim of ['10,000+ early signups', 'Privacy-first platform', 'Launching soon']) {
      await expect(page.getByText(claim, { exact: true })).toBeVisible();
    }
    await expect(emailField(page)).toHaveAttribute('type', 'email');
    await expect(emailField(page)).toHaveAttribute('required', '');
    await expect(referralField(page)).not.toHaveAttribute('required', '');
    await expect(joinButton(page)).toBeEnabled();
  });
});

test.describe('joining', () => {
  test('a new visitor joins: inputs lock while sending, the thank-you shows for 5 s, then an empty form returns', async ({
    page,
    uniqueEmail,
  }) => {
    await openForm(page);
    // Hold the real answer back a moment so the sending state can be seen.
    await onSignUp(page, async (route) => {
      await new Promise((done) => setTimeout(done, 800));
      await route.continue();
    });
    const request = page.waitForRequest(
      (req) => req.method() === 'POST' && new URL(req.url()).pathname === '/waitlist',
    );
    const email = uniqueEmail('joiner');
    await timeShown(
      page,
      `[...document.querySelectorAll('h1, h2, h3')].some((h) => h.textContent === ${JSON.stringify(SUCCESS_TITLE)})`,
    );
    await emailField(page).fill(email);
    await joinButton(page).click();

    await expect(page.getByRole('button', { name: 'Joining...' })).toBeDisabled();
    await expect(emailField(page)).toBeDisabled();
    await expect(referralField(page)).toBeDisabled();
    // The e2e system asks for proof of work (SIGNUP_CHALLENGE=always): the form sends the solution along.
    expect((await request).postDataJSON()).toEqual({ email, altcha: expect.any(String) });
    expect((await request).headers()['content-type']).toContain('application/json');

    await page.getByRole('heading', { name: SUCCESS_TITLE }).waitFor({ state: 'visible' });
    await expect(page.getByText(SUCCESS_BODY)).toBeVisible();
    await expect(emailField(page)).toBeHidden();

    // The thank-you stays 5 s (page time, from its appearance to its removal), then the empty form returns.
    const shown = await shownFor(page);
    expect(shown).toBeGreaterThanOrEqual(4_900);
    expect(shown).toBeLessThan(6_000);
    await expect(emailField(page)).toBeVisible();
    await expect(emailField(page)).toHaveValue('');
    await expect(referralField(page)).toHaveValue('');
    await expect(joinButton(page)).toBeEnabled();
  });

  // A code in ?ref= is checked first and an unknown one left out with a note (joining-journey.spec.ts); a typed code
  // (a campaign's, a friend's) is sent as it is.
  test('a typed referral code is sent as referralSource', async ({ page, uniqueEmail }) => {
    await openForm(page);
    await referralField(page).fill('FRIEND-42');
    const request = page.waitForRequest(
      (req) => req.method() === 'POST' && new URL(req.url()).pathname === '/waitlist',
    );
    const email = uniqueEmail('referred');
    await emailField(page).fill(email);
    await joinButton(page).click();
    expect((await request).postDataJSON()).toEqual({ email, referralSource: 'FRIEND-42', altcha: expect.any(String) });
    await expect(page.getByRole('heading', { name: SUCCESS_TITLE })).toBeVisible();
  });

  test('a typed 40-character code is sent and the service takes it', async ({ page, uniqueEmail }) => {
    const code = 'campaign_2026-spring-launch-influencer01';
    await openForm(page);
    await referralField(page).fill(code);
    const answer = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/waitlist',
    );
    await emailField(page).fill(uniqueEmail('long-ref'));
    await joinButton(page).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole('heading', { name: SUCCESS_TITLE })).toBeVisible();
  });

  test('the browser refuses an address that is not an e-mail address before anything is sent', async ({ page }) => {
    await openForm(page);
    let posted = false;
    await onSignUp(page, (route) => {
      posted = true;
      return route.continue();
    });
    await emailField(page).fill('not-an-address');
    await joinButton(page).click();
    expect(
      await emailField(page).evaluate((input) => (input as unknown as { validity: { valid: boolean } }).validity.valid),
    ).toBe(false);
    expect(posted).toBe(false);
  });
});

test.describe('errors', () => {
  test.use({ allowConsole: [/Failed to load resource/] });

  test("show the server's message in a red box below the form for 5 s", async ({ page }) => {
    await openForm(page);
    await onSignUp(page, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'validation_failed',
          message: 'Please enter a valid e-mail address.',
        }),
      }),
    );
    await timeShown(page, `document.querySelector('[role="alert"]')`);
    await emailField(page).fill('someone@example.com');
    await joinButton(page).click();
    await errorBox(page).waitFor({ state: 'visible' });
    await expect(errorBox(page)).toHaveText('Please enter a valid e-mail address.');
    // Below the form, and the form is usable while it shows.
    const formBox = await page.getByRole('form', { name: 'Join the waitlist' }).boundingBox();
    const errorBoxBox = await errorBox(page).boundingBox();
    expect(errorBoxBox!.y).toBeGreaterThan(formBox!.y + formBox!.height - 1);
    await expect(emailField(page)).toBeEnabled();
    await expect(emailField(page)).toHaveValue('someone@example.com');

    // Shown for 5 s: measured in the page, from the box's appearance to its removal.
    const shown = await shownFor(page);
    expect(shown).toBeGreaterThanOrEqual(4_900);
    expect(shown).toBeLessThan(6_000);
    await expect(errorBox(page)).toBeHidden();
  });

  test("a rate limit (429) shows the server's message", async ({ page }) => {
    await openForm(page);
    await onSignUp(page, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '60' },
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'rate_limited',
          message: 'Too many sign-ups from your network. Please try again later.',
        }),
      }),
    );
    await emailField(page).fill('someone@example.com');
    await joinButton(page).click();
    await expect(errorBox(page)).toHaveText('Too many sign-ups from your network. Please try again later.');
  });

  test('a server failure without a message shows "Failed to join waitlist" after one retry', async ({ page }) => {
    await openForm(page);
    let calls = 0;
    await onSignUp(page, (route) => {
      calls += 1;
      return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
    });
    await emailField(page).fill('someone@example.com');
    await joinButton(page).click();
    await expect(errorBox(page)).toHaveText('Failed to join waitlist');
    expect(calls).toBe(2);
  });

  test('a network failure shows an error and the form can be used again', async ({ page }) => {
    await openForm(page);
    await onSignUp(page, (route) => route.abort('internetdisconnected'));
    await emailField(page).fill('someone@example.com');
    await joinButton(page).click();
    await expect(errorBox(page)).toHaveText('Failed to join waitlist');
    await expect(joinButton(page)).toBeEnabled();
  });

  test('a server that never answers: the error shows 10 s after the click, retries included, and the form is usable', async ({
    page,
  }) => {
    test.setTimeout(45_000);
    await openForm(page);
    let calls = 0;
    // Never answered: the route is left pending until the page closes.
    await onSignUp(page, () => {
      calls += 1;
    });
    await emailField(page).fill('someone@example.com');
    await timeErrorBox(page);
    const clickedAt = Date.now();
    await joinButton(page).click();
    await expect(page.getByRole('button', { name: 'Joining...' })).toBeDisabled();

    await page.waitForTimeout(9_000 - (Date.now() - clickedAt));
    await expect(errorBox(page)).toBeHidden();
    await expect(errorBox(page)).toHaveText('Failed to join waitlist', { timeout: 4_000 });
    const delay = await errorDelay(page);
    expect(delay).toBeGreaterThan(9_500);
    expect(delay).toBeLessThanOrEqual(10_500);
    expect(calls).toBeLessThanOrEqual(2);
    await expect(joinButton(page)).toBeEnabled();
    await expect(emailField(page)).toBeEnabled();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a slow failure and a hanging retry still end 10 s after the click', async ({ page }) => {
    test.setTimeout(45_000);
    await openForm(page);
    let calls = 0;
    await onSignUp(page, async (route) => {
      calls += 1;
      if (calls === 1) {
        await new Promise((done) => setTimeout(done, 8_500));
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' });
      }
      // The retry is never answered.
    });
    await emailField(page).fill('someone@example.com');
    await timeErrorBox(page);
    await joinButton(page).click();
    await expect(errorBox(page)).toHaveText('Failed to join waitlist', { timeout: 14_000 });
    expect(await errorDelay(page)).toBeLessThanOrEqual(10_500);
    expect(calls).toBe(2);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
