import { expect, test } from './fixtures.js';
import { hydrated, isPhone } from './public-support.js';

/*
 * A pre-rendered page paints from its HTML alone (stylesheet inlined, allowed by its hash in the CSP), and
 * the app that hydrates it loads only after that first paint (web/src/boot.ts).
 */

test.describe('without JavaScript', () => {
  // The not-found page answers with status 404, which Chromium reports on the console.
  test.use({ javaScriptEnabled: false, allowConsole: [/status of 404/] });

  for (const path of ['/', '/waitlist', '/no-such-page-here']) {
    test(`${path} is fully styled by the stylesheet inlined in its HTML, which the CSP allows`, async ({ page }) => {
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });
      await page.goto(path);
      // Styles from the site's own stylesheet (tokens.css, layout.css); a refused <style> would leave the defaults and
      // print a CSP error, which the page fixture turns into a failure.
      await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 250, 251)');
      await expect(page.locator('.site-header')).toHaveCSS('position', 'sticky');
      expect(stylesheets).toEqual([]);
    });
  }
});

test.describe('with JavaScript', () => {
  test('the app is fetched only after the first contentful paint, then takes over the page', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await hydrated(page);
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      app: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/main-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.app).toHaveLength(1);
    expect(timing.app[0]).toBeGreaterThanOrEqual(timing.firstContentfulPaint);

    // Hydrated: the phone menu opens; on a desktop, a header link navigates on the client (no full page load).
    if (isPhone(testInfo)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    } else {
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dating, with the heart put back in');
      expect(documents, 'a hydrated page routes on the client, without loading a new document').toEqual([]);
    }
  });
});
