import { mkdirSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import pseudolocalize from 'pseudolocale';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { hydrated, publicPages, textPastScreenEdges } from './public-support.js';
import { RESULTS_DIR } from './system.js';

/**
 * A language longer than any we ship: every text of every public page in a pseudo-locale (accented letters, every
 * word 40 % longer) at 390 and 1280 px. A translation that runs long must wrap, never push the page sideways, spill
 * out of a button or break a word in two. The pages are rendered in English, then their texts are swapped in the
 * browser, so the legal and marketing documents (whole pages per language, not catalogue messages) are covered too.
 */
const PAGES = [
  ...publicPages.map(({ path }) => path),
  // The pages behind a mail's link, in the states a visitor reaches without one, and the not-found page.
  '/confirm',
  '/unsubscribe',
  '/invitation',
  '/your-data',
  '/no-such-page',
];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const LONGER = 0.4;

/** A word in the pseudo-locale: its letters accented (pseudolocale), then made 40 % longer. */
function pseudoWord(word: string): string {
  if (!/\p{L}/u.test(word) || /[@/]/.test(word)) return word; // figures, addresses and links stay as they are
  const accented = pseudolocalize(word, { prepend: '', append: '' });
  // The extra letters go after the last letter, before any closing punctuation, where a line may break.
  return accented.replace(/(\p{L})(?=[^\p{L}]*$)/u, `$1${'ẋ'.repeat(Math.ceil(word.length * LONGER))}`);
}

const pseudoText = (text: string) => text.replace(/[^\s\-–—]+/g, pseudoWord);

/** Swaps every visible text of the page (text nodes, placeholders, button values) for its pseudo-locale form. */
async function intoPseudoLocale(page: Page): Promise<void> {
  const texts = (await page.evaluate(`(() => {
    const found = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.textContent.trim() && !node.parentElement?.closest('script, style, noscript')) found.add(node.textContent);
    for (const element of document.querySelectorAll('[placeholder], input[type="submit"], input[type="button"]'))
      found.add(element.getAttribute('placeholder') ?? element.value);
    return [...found];
  })()`)) as string[];
  const swap = Object.fromEntries(texts.map((text) => [text, pseudoText(text)]));
  await page.evaluate(`((swap) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (swap[node.textContent] !== undefined) node.textContent = swap[node.textContent];
    for (const element of document.querySelectorAll('[placeholder]'))
      element.setAttribute('placeholder', swap[element.getAttribute('placeholder')] ?? element.getAttribute('placeholder'));
    for (const element of document.querySelectorAll('input[type="submit"], input[type="button"]'))
      element.value = swap[element.value] ?? element.value;
  })(${JSON.stringify(swap)})`);
}

/**
 * Waits until React took over every element of the pre-rendered page (each carries its fiber then): a text swapped
 * before that would be a hydration mismatch, not a long translation.
 */
async function reactOwnsThePage(page: Page): Promise<void> {
  // A polled expression, not waitForFunction: the page's CSP forbids the eval that one uses.
  await expect
    .poll(() =>
      page.evaluate(`[...document.querySelectorAll('#root *')].every((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactFiber$')))`),
    )
    .toBe(true);
}

/** When the page scrolls sideways: the innermost elements that reach past the screen's right edge, to name the culprit. */
function pastTheRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    if (document.documentElement.scrollWidth <= innerWidth) return [];
    const past = [...document.body.querySelectorAll('*')].filter((element) =>
      element.getBoundingClientRect().right > innerWidth + 1 &&
      element.checkVisibility({ visibilityProperty: true }) && !element.closest('[inert], [aria-hidden="true"], [hidden]'));
    return past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .map((element) => element.tagName.toLowerCase() + (element.getAttribute('class') ? '.' + element.getAttribute('class').split(' ').join('.') : '') + ': ' + (element.textContent || '').trim().slice(0, 40));
  })()`) as Promise<string[]>;
}

/** Buttons and button-like links whose label is wider or taller than the button itself. */
function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const clipped = [];
    for (const element of document.querySelectorAll('button, .button, [role="button"], input[type="submit"]')) {
      if (!element.checkVisibility() || element.closest('[inert], [aria-hidden="true"], [hidden]')) continue;
      if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
        clipped.push((element.textContent || element.value || element.getAttribute('aria-label') || '').trim().slice(0, 40));
    }
    return clipped;
  })()`) as Promise<string[]>;
}

/**
 * Words the layout broke across two lines (a container too narrow for one word forces it). Hyphens and dashes are
 * places a line may end, so the parts between them count as words.
 */
function wordsSplitInTwo(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const split = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !element.checkVisibility() || element.closest('script, style, noscript, [inert], [aria-hidden="true"], [hidden]')) continue;
      for (const match of node.textContent.matchAll(/[^\\s\\-–—]+/g)) {
        if (/[@/]/.test(match[0])) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (tops.size > 1) split.push(match[0]);
      }
    }
    return split;
  })()`) as Promise<string[]>;
}

test.describe('a pseudo-locale 40 % longer than English', () => {
  test.use({ allowConsole: [/status of 404/] }); // the not-found page answers 404
  for (const path of PAGES) {
    test(`${path} fits a phone and a desktop: no sideways scroll, no text past the edge, no clipped button, no split word`, async ({
      page,
    }, testInfo) => {
      await page.goto(path);
      await hydrated(page);
      await reactOwnsThePage(page);
      await intoPseudoLocale(page);
      const dir = joinPath(RESULTS_DIR, 'screenshots');
      mkdirSync(dir, { recursive: true });
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        const where = `${path} at ${size.width} px`;
        const name = `pseudo${path === '/' ? '-home' : path.replaceAll('/', '-')}-${size.width}`;
        await testInfo.attach(name, {
          body: await page.screenshot({ path: joinPath(dir, `${name}.png`), fullPage: true }),
          contentType: 'image/png',
        });
        expect(await pastTheRightEdge(page), `${where}: the page scrolls sideways`).toEqual([]);
        expect(await textPastScreenEdges(page), `${where}: text past the screen's edge`).toEqual([]);
        expect(await clippedControls(page), `${where}: a label wider than its button`).toEqual([]);
        expect(await wordsSplitInTwo(page), `${where}: words broken across two lines`).toEqual([]);
      }
    });
  }
});
