// A public page's language is in its URL: `/` and unprefixed paths are English, `/es/…`, `/pt/…`, `/de/…`, `/fr/…`
// the others. The URL is the only source, so a pre-rendered page, its hydration and a shared link always agree.
import { useLocation } from 'react-router-dom';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@mmdm/contracts/languages';

/** The languages that live under a prefix (every one but the default). */
export const PREFIXED_LANGUAGES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/** The language a pathname is in: its first segment when that names a prefixed language, else the default. */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split('/')[1] ?? '';
  return isLanguage(first) && first !== DEFAULT_LANGUAGE ? first : DEFAULT_LANGUAGE;
}

/** The pathname without its language prefix (`/es/waitlist` → `/waitlist`, `/es/` → `/`). */
export function unprefixedPath(pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === DEFAULT_LANGUAGE) return pathname;
  const rest = pathname.slice(language.length + 1);
  return rest === '' ? '/' : rest;
}

/** An unprefixed path in a language: `/waitlist` in es → `/es/waitlist`; home → `/es/` (its canonical form). */
export function localizedPath(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/** The language of the page being shown. */
export function usePageLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}
