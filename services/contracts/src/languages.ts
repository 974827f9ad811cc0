// The languages the site and its mails speak. Adding one: its code here, its catalogues (lingui.config.ts names
// them), nothing else. No zod here: every public page reads this module on its first load, and a schema would bring
// zod with it (the schema is in language-schema.ts).

export const LANGUAGES = ['en', 'es', 'pt', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The site's own language: `/` and every page without a prefix, and every entry that never said otherwise. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name, as a switcher lists them (a reader looks for the name they know). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
  fr: 'Français',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
