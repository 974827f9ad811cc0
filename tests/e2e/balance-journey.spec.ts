import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { RESULTS_DIR } from './system.js';
import { expectNoAxeViolations, joinAndConfirm, screenshotsAt390And1280 } from './in-line-support.js';
import { signInAsStaff } from './staff-support.js';

/**
 * Balanced waves (decision 035): a confirmed person may say, on their place page only, who they are and whom they hope
 * to meet, with a consent sentence naming the purpose, see it back and withdraw it; staff see a wave's mix in counts
 * before they send it.
 */
test.describe('who you would like to meet, and a balanced wave', () => {
  test.beforeEach(() => test.setTimeout(240_000));

  test('a person gives it on their place page, sees it back, withdraws it; staff preview a balanced mix', async ({
    page,
    mailbox,
    system,
    uniqueEmail,
  }, testInfo) => {
    const ada = uniqueEmail('balance');
    // The sign-up form asks for nothing of the kind.
    await page.goto('/waitlist');
    await expect(page.getByText('I hope to meet')).toHaveCount(0);

    await joinAndConfirm(page, mailbox, ada);
    const card = page.getByRole('region', { name: "Who you'd like to meet (optional)" });
    await expect(card).toBeVisible();
    await expect(card.getByText(/only to balance who is invited together/)).toBeVisible();
    await card.getByLabel('I am').selectOption('nonbinary');
    await card.getByLabel('I hope to meet').selectOption('everyone');
    const save = card.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await card.getByRole('checkbox').check();
    await screenshotsAt390And1280(page, testInfo, 'balance-form');
    await expectNoAxeViolations(page, 'the place page with the balance card');
    await save.click();
    await expect(card.getByText('Non-binary, hoping to meet everyone')).toBeVisible();

    // Read back after a reload: it was kept (sealed) and only this link's holder sees it.
    await page.reload();
    await expect(card.getByText('Non-binary, hoping to meet everyone')).toBeVisible();
    await screenshotsAt390And1280(page, testInfo, 'balance-given');

    await card.getByRole('button', { name: 'Withdraw and delete it' }).click();
    await expect(card.getByText('Deleted. We keep nothing about this any more.')).toBeVisible();
    await expect(card.getByLabel('I am')).toBeVisible();

    // Staff: the wave form's target mix and the preview's counts, before any click that sends.
    await signInAsStaff(page, system.admin);
    await page.goto('/admin/launch');
    await page.getByLabel('How many').fill('20');
    await page.getByRole('checkbox', { name: 'Balance this wave' }).check();
    await expect(
      page.getByText(/Mix: \d+ women, \d+ men, \d+ non-binary; \d+ who said nothing \(by place\)\./),
    ).toBeVisible();
    await page.getByLabel('Men %', { exact: true }).fill('40');
    await expect(page.getByText('The shares must add up to 100.')).toBeVisible();
    await page.getByLabel('Men %', { exact: true }).fill('50');
    await expect(page.getByText(/Mix: \d+ women/)).toBeVisible();
    // The wave form itself at both widths (the Launch screen's tables scroll in their own box on a phone: decision 030).
    const form = page.getByRole('region', { name: 'Invite a wave' });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await expect(form.getByText(/Mix: \d+ women/)).toBeVisible();
      const box = await form.boundingBox();
      expect(box && box.x + box.width <= width + 1, `the wave form fits ${width} px`).toBe(true);
      await testInfo.attach(`balance-wave-form-${width}`, {
        body: await form.screenshot({ path: join(RESULTS_DIR, 'screenshots', `balance-wave-form-${width}.png`) }),
        contentType: 'image/png',
      });
    }
  });
});
