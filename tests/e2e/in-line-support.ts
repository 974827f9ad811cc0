import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import type { Mailbox } from './fixtures.js';
import { hydrated, textPastScreenEdges } from './public-support.js';
import { RESULTS_DIR } from './system.js';

/** Every axe-core finding (WCAG 2.2 AA and best practice), of any impact: the pages of these journeys have none. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe on ${where}`).toEqual([]);
}

/**
 * A full-page screenshot at 390 px (a phone) and at 1280 px for a person to look at: attached to the report and kept
 * under the run's results folder (`screenshots/in-line-<project>-<name>-<width>.png`).
 */
export async function screenshotsAt390And1280(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const size = page.viewportSize();
  const dir = joinPath(RESULTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const path = joinPath(dir, `in-line-${testInfo.project.name}-${name}-${width}.png`);
    const cut = await textPastScreenEdges(page);
    expect(cut, `${name} at ${width} px: text past the screen's edge`).toEqual([]);
    await testInfo.attach(`${name}-${width}`, {
      body: await page.screenshot({ path, fullPage: true }),
      contentType: 'image/png',
    });
  }
  if (size) await page.setViewportSize(size);
}

/** Waits for a mail to `address` carrying a link to `path` (`/confirm`, `/unsubscribe`) and returns the link. */
export async function linkInMail(mailbox: Mailbox, address: string, path: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of await mailbox.to(address)) {
      const link = mail.links.find((href) => href.includes(`${path}?token=`));
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} with a ${path} link within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Joins through the form (optionally by a share link) and waits for the thank-you. */
export async function join(page: Page, email: string, url = '/waitlist'): Promise<void> {
  await page.goto(url);
  // The page paints before the app takes over; typing before that would be reset by hydration.
  await hydrated(page);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText("You're on the list!")).toBeVisible();
}

/** Joins, opens the confirmation mail's link and confirms: answers the link (the person's page from now on). */
export async function joinAndConfirm(page: Page, mailbox: Mailbox, email: string, url = '/waitlist'): Promise<string> {
  await join(page, email, url);
  const link = await linkInMail(mailbox, email, '/confirm');
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' })).toBeVisible();
  return link;
}

/**
 * On the person's place page (`link`, or the page already open), chooses `city` and waits until it is saved. The city
 * is staff's to add first (staff-support.ts: addCity).
 */
export async function chooseCity(page: Page, city: string, link?: string): Promise<void> {
  if (link) await page.goto(link);
  await page.getByRole('combobox', { name: 'City' }).selectOption({ label: city });
  await page.getByRole('button', { name: 'Save my city' }).click();
  await expect(page.getByText(`Saved: ${city}.`)).toBeVisible();
}
