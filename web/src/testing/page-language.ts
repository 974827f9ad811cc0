// Rendering a public page's component in another language, and finding English its catalogue messages left behind.
import type { Messages } from '@lingui/core';
import type { Language } from '@mmdm/contracts/languages';
import { activateLanguage, i18n, loadPageTitles, loadStatusTexts } from '../lib/i18n/i18n.js';
import { messages as englishStatus } from '../locales/status/en.js';

/**
 * Makes `language` the active one with the texts a mail link's page has (the pages' and the status catalogue), as
 * the router does for /<language>/… ; `speak('en')` puts back what setup-tests.ts set.
 */
export async function speak(language: Language): Promise<void> {
  await activateLanguage(language);
  await Promise.all([loadStatusTexts(language), loadPageTitles(language)]);
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
 */
export function englishLeft(root: HTMLElement, prefixes: string[]): string[] {
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
