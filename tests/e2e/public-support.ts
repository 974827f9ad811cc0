import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Every public page of the site with its one h1. */
export const publicPages = [
  { path: '/', h1: 'Find Your Perfect Match.' },
  { path: '/about', h1: 'Dating, with the heart put back in' },
  { path: '/contact', h1: "We'd love to hear from you" },
  { path: '/privacy-policy', h1: 'Privacy Policy' },
  { path: '/terms', h1: 'Terms & Conditions' },
  { path: '/cookie-policy', h1: 'Cookie Policy' },
  { path: '/faqs', h1: 'Frequently asked questions' },
  { path: '/teams', h1: 'The people behind every match' },
  { path: '/waitlist', h1: 'Be the first to find your perfect match' },
] as const;

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** Serious and critical axe-core findings (WCAG 2.2 AA rule set), as readable lines. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Waits until the client took over the pre-rendered page (links route on the client, buttons respond). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
}

/**
 * The visible texts that run past the screen's left or right edge (their first 60 characters). The page clips what
 * overflows, so the page's own width does not show it: a long address must wrap, not be cut off. Hidden text (a
 * closed menu) does not count.
 */
export async function textPastScreenEdges(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const cut = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!node.textContent.trim() || !element || element.closest('[inert], [aria-hidden="true"], [hidden]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || style.display === 'none') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((r) => r.width > 0 && (r.right > innerWidth + 1 || r.left < -1)))
        cut.push(node.textContent.trim().slice(0, 60));
    }
    return cut;
  })()`)) as string[];
}
