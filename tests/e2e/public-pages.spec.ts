import { expect, test } from './fixtures.js';
import { hydrated, publicPages, seriousAxeFindings } from './public-support.js';

test.describe('every public page', () => {
  for (const { path, h1 } of publicPages) {
    test(`${path} is served pre-rendered with its own title, description, canonical URL and Open Graph tags`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      // The content is in the HTML itself, before any JavaScript runs.
      expect(html).toContain(h1.replaceAll('&', '&amp;').replaceAll("'", '&#x27;'));
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{30,}"/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path === '/' ? '/' : path}"`));
      for (const property of ['og:title', 'og:description', 'og:url', 'og:type']) {
        expect(html).toContain(`<meta property="${property}"`);
      }
      // The CSP allows no inline script or style.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/\sstyle="/);
    });

    test(`${path} has one h1, the landmarks, and no serious or critical axe finding`, async ({ page }) => {
      // axe walks every node of the page: on the home page, the largest, that took over 30 s on a loaded 2-core machine.
      test.slow();
      await page.goto(path);
      await hydrated(page);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // No horizontal scrolling, on a phone or a desktop.
      const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  }

  test('titles differ from page to page, and change with client-side navigation', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const homeTitle = await page.title();
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'About' })
      .or(page.getByRole('button', { name: 'Open menu' }))
      .first()
      .click();
    if (await page.getByRole('dialog', { name: 'Menu' }).isVisible()) {
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About' }).click();
    }
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).not.toHaveTitle(homeTitle);
    await expect(page).toHaveTitle(/About/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about$/);
  });
});

test.describe('the pages behind the e-mail links', () => {
  // A made-up token (`abc`) is what it is: the unsubscribe page's read of its link answers 400, which Chromium logs.
  test.use({ allowConsole: [/status of 400/] });

  for (const path of ['/confirm', '/unsubscribe?token=abc', '/invitation', '/your-data', '/your-data?token=abc']) {
    test(`${path} is pre-rendered, marked noindex, has one h1 and passes axe`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain('<meta name="robots" content="noindex" />');
      await page.goto(path);
      await hydrated(page);
      await expect(page.locator('h1')).toHaveCount(1);
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  }
});

test.describe('the not-found page', () => {
  test.use({ allowConsole: [/status of 404/] });

  test('an unknown path answers 404 with the not-found page, and it passes axe', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

test.describe('for search engines', () => {
  test('sitemap.xml lists the public pages and robots.txt keeps the admin area out', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const { path } of publicPages)
      expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+${path === '/' ? '/' : path}</loc>`));
    expect(sitemap).not.toContain('/admin');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Disallow: \/admin$/m);
  });
});
