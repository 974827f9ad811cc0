import { expect, test } from './fixtures.js';
import { hydrated, isPhone } from './public-support.js';

test.describe('the header', () => {
  test('the logo leads home and "Get Started" is a link to the waitlist', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /Meet Match Date Marry/ })).toHaveAttribute('href', '/');
    await header.getByRole('link', { name: /Meet Match Date Marry/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Perfect Match.');
  });

  test('from 768px the navigation and "Get Started" sit in the header and there is no menu button', async ({
    page,
  }, testInfo) => {
    test.skip(isPhone(testInfo), 'desktop layout');
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/waitlist');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await nav.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We'd love to hear from you");
    await nav.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });

  test('at 767px the header switches to the menu button', async ({ page }, testInfo) => {
    test.skip(isPhone(testInfo), 'checked once, on the desktop project');
    await page.setViewportSize({ width: 767, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('the phone menu', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(!isPhone(testInfo), 'below 768px only');
    await page.goto('/');
    await hydrated(page);
  });

  const menu = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Menu' });

  test('opens with the menu button and closes with the close button, focus going back to the menu button', async ({
    page,
  }) => {
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(menu(page)).toBeHidden();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    await expect(menu(page)).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    // The panel slides over the whole screen height, not just the header's.
    const panel = await menu(page).boundingBox();
    expect(panel!.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 1);
    for (const name of ['Home', 'About', 'Contact', 'Get Started']) {
      await expect(menu(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu(page)).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('closes when the backdrop is tapped', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu(page)).toBeVisible();
    // The backdrop shows to the left of the panel.
    await page.touchscreen.tap(20, 400);
    await expect(menu(page)).toBeHidden();
  });

  test('closes on Escape and keeps Tab inside while open', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    // Close, Home, About, Contact, Get Started: five stops, then back to the first.
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(menu(page).getByRole('link', { name: 'Get Started' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('following a link closes the menu and opens the page', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu(page).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dating, with the heart put back in');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu(page).getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });
});

test.describe('the footer', () => {
  test('its Legal and Company columns link to their pages with the exact texts', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const footer = page.getByRole('contentinfo');
    const columns = {
      Legal: [
        ['Privacy Policy', '/privacy-policy'],
        ['Terms & Conditions', '/terms'],
        ['Cookie Policy', '/cookie-policy'],
      ],
      Company: [
        ['About Us', '/about'],
        ['FAQs', '/faqs'],
        ['Teams', '/teams'],
        ['Contact Us', '/contact'],
      ],
    } as const;
    for (const [column, links] of Object.entries(columns)) {
      const nav = footer.getByRole('navigation', { name: column });
      await expect(nav.getByRole('link')).toHaveText(links.map(([text]) => text));
      for (const [text, href] of links)
        await expect(nav.getByRole('link', { name: text })).toHaveAttribute('href', href);
    }
    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions');
    await expect(page.getByText('Last updated August 2025')).toBeVisible();
  });

  test('has eight social links named by network, each opening in a new tab without access to this page', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const network of ['Instagram', 'X', 'YouTube', 'TikTok', 'Bluesky', 'Threads', 'Pinterest', 'LinkedIn']) {
      const link = footer.getByRole('link', { name: new RegExp(`^${network} \\(opens in a new tab\\)$`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(footer.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(8);
  });

  test('shows contact details as mailto and tel links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
  });
});

test.describe('the store badges', () => {
  test('the Apple and Google Play badges both lead to the waitlist', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const hero = page.getByRole('main');
    await expect(hero.getByRole('link', { name: 'Download on the App Store' }).first()).toHaveAttribute(
      'href',
      '/waitlist',
    );
    await expect(hero.getByRole('link', { name: 'Get it on Google Play' }).first()).toHaveAttribute(
      'href',
      '/waitlist',
    );
    await hero.getByRole('link', { name: 'Get it on Google Play' }).first().click();
    await expect(page).toHaveURL(/\/waitlist$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Download on the App Store' }).first().click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });
});
