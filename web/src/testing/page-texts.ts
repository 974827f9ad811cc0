// What a page shows a reader, and the English a translation of it left behind: the checks of the tests of a page in
// another language (rendered with render-page.tsx).
import type { Messages } from '@lingui/core';
import { i18n } from '../lib/i18n/i18n.js';
import { messages as englishStatus } from '../locales/status/en.js';

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

/** A compiled message's fixed words, one piece between each two values or tags (`<0>`, `{email}`). */
function pieces(message: Messages[string] | undefined): string[] {
  const parts =
    typeof message === 'string'
      ? [message]
      : (message ?? []).filter((part): part is string => typeof part === 'string');
  return parts.flatMap((part) => part.split(/<\/?\d+>/)).map((piece) => piece.trim());
}

/**
 * A piece worth looking for: two words or more, or one long word. Shorter ones ("no", "held") are also words of the
 * other languages ("no" in Spanish and Portuguese) or of the data shown.
 */
function telling(piece: string): boolean {
  return /\p{L}+\s+\p{L}+/u.test(piece) || /^\p{L}{5,}[.?!]?$/u.test(piece);
}

/** Every text a visitor sees or hears in `root`: its text and its fields' placeholders, labels and titles. */
function shownText(root: HTMLElement): string {
  const attributes = [...root.querySelectorAll('[placeholder], [aria-label], [title]')].flatMap((element) =>
    ['placeholder', 'aria-label', 'title'].map((name) => element.getAttribute(name) ?? ''),
  );
  // Text node by text node: an element's textContent runs its blocks together ("you.Invited").
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  return [...texts, ...attributes].map((text) => text.replace(/\s+/g, ' ')).join('\n');
}

/**
 * The English words of the status catalogue's messages whose ids start with one of `prefixes` still shown in
 * `root`, for the active language; a message its translation words the same way ("Contact", "Status") is left out.
 * Unlike `englishLeft`, it needs no English rendering to compare with: the catalogue is the English.
 */
export function englishMessagesShown(root: HTMLElement, prefixes: string[]): string[] {
  const shown = shownText(root);
  const translated = i18n.messages;
  return Object.entries(englishStatus)
    .filter(([id]) => prefixes.some((prefix) => id.startsWith(prefix)))
    .filter(([id, english]) => JSON.stringify(translated[id]) !== JSON.stringify(english))
    .flatMap(([, english]) => pieces(english).filter(telling))
    .filter((piece) =>
      /\s/.test(piece)
        ? shown.includes(piece)
        : new RegExp(`(?<!\\p{L})${piece.replace(/[.?!]$/, '')}(?!\\p{L})`, 'u').test(shown),
    );
}
