// The public pages' messages (Lingui). One catalogue per language (web/src/locales/<lang>.po, compiled to <lang>.ts),
// each its own chunk: a page loads only its own language's, before it hydrates (main.tsx) or is pre-rendered
// (entry-server.tsx), so the first render already speaks the page's language and matches the served HTML.
import { setupI18n, type Messages } from '@lingui/core';
import type { Language } from '@mmdm/contracts/languages';

/** The one instance the public pages use: a page is in one language, and changing it is a full page load. */
export const i18n = setupI18n();

// Literal imports, one per language, so the build makes one chunk per catalogue and names it in its manifest
// (scripts/prerender.ts lists the page's catalogue among the chunks loaded before hydration).
const catalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en.js'),
  es: () => import('../../locales/es.js'),
  pt: () => import('../../locales/pt.js'),
  de: () => import('../../locales/de.js'),
  fr: () => import('../../locales/fr.js'),
};

const metaCatalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/meta/en.js'),
  es: () => import('../../locales/meta/es.js'),
  pt: () => import('../../locales/meta/pt.js'),
  de: () => import('../../locales/meta/de.js'),
  fr: () => import('../../locales/meta/fr.js'),
};

/**
 * Adds the pages' titles and descriptions in `language` (config/page-meta.ts) to its messages: the pre-renderer
 * writes them into each <head>; the browser needs them only after a client-side navigation.
 */
export async function loadPageTitles(language: Language): Promise<void> {
  const { messages } = await metaCatalogues[language]();
  i18n.load(language, messages);
}

const statusCatalogues: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/status/en.js'),
  es: () => import('../../locales/status/es.js'),
  pt: () => import('../../locales/status/pt.js'),
  de: () => import('../../locales/status/de.js'),
  fr: () => import('../../locales/status/fr.js'),
};

/**
 * Adds the texts of the pages behind a mail's link (the place page, unsubscribe, invitation) in `language`: loaded
 * with those pages' code (app/router.tsx) and by the pre-renderer, not on every page.
 */
export async function loadStatusTexts(language: Language): Promise<void> {
  const { messages } = await statusCatalogues[language]();
  i18n.load(language, messages);
}

/** `language`'s catalogue, without activating it (the offer of another language shows one line in it). */
export async function catalogueOf(language: Language): Promise<Messages> {
  return (await catalogues[language]()).messages;
}

/** Loads `language`'s catalogue and makes it the active one. */
export async function activateLanguage(language: Language): Promise<void> {
  if (i18n.locale === language) return;
  const { messages } = await catalogues[language]();
  i18n.loadAndActivate({ locale: language, messages });
}
