import type { Language } from '@mmdm/contracts/languages';
import { activateLanguage, i18n, loadPageTitles, loadStatusTexts } from '../lib/i18n/i18n.js';

/**
 * Makes `language` the pages' language with all three catalogues, as a page under its prefix has them (main.tsx, the
 * router's mail-link pages, the titles). English is already loaded by setup-tests.ts; `speak('en')` goes back to it.
 */
export async function speak(language: Language): Promise<void> {
  if (language === 'en') {
    i18n.activate('en');
    return;
  }
  await activateLanguage(language);
  await Promise.all([loadStatusTexts(language), loadPageTitles(language)]);
}

/** The text blocks a reader sees, one string each, whitespace (no-break spaces too) collapsed. */
export function textBlocks(root: HTMLElement): string[] {
  return [
    ...root.querySelectorAll('h1, h2, h3, p, li, dt, dd, a, button, label, option, strong, small, [role="status"]'),
  ]
    .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter((text) => text !== '');
}

/** The names a screen reader announces that are not visible text. */
export function accessibleNames(root: HTMLElement): string[] {
  return [...root.querySelectorAll('[alt], [aria-label]')].map(
    (element) => element.getAttribute('alt') ?? element.getAttribute('aria-label') ?? '',
  );
}

/**
 * The sentences worth looking for in a translation: two words or more once the names that read the same in every
 * language (`untranslated`: the product, people's addresses, cities, links) are taken out.
 */
export function sentencesOf(blocks: string[], untranslated: readonly string[]): string[] {
  const sentences = blocks.flatMap((block) => block.split(/(?<=[.!?:;])\s+|\s+\((?=[a-z])/));
  return [...new Set(sentences.map((sentence) => sentence.trim()))].filter((sentence) => {
    const rest = untranslated.reduce((text, name) => text.split(name).join(' '), sentence);
    return (rest.match(/\p{L}{2,}/gu) ?? []).length >= 2;
  });
}

/** The English sentences still found in a translation's texts (none, when it is translated). */
export function englishLeft(english: readonly string[], translated: readonly string[]): string[] {
  const text = translated.join(' | ');
  return english.filter((sentence) => text.includes(sentence));
}
