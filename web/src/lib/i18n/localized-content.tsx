// A content page's text lives in one module per language, and a visitor downloads only their own language's module.
// English is the exception: it stays in the page's own chunk, for two reasons:
// - the home page has a 100 kB gzip first-load budget (docs/performance.md); a lazy English module would add a request
//   and a render pass to the page most visitors see first, while the other languages' loaders cost a few bytes each;
// - the privacy policy's version is a hash of the English page rendered synchronously (web/scripts/policy-version.ts,
//   renderToStaticMarkup), which a lazy boundary would leave as its fallback.
// The other languages are React.lazy chunks: pre-rendering waits for them (entry-server.tsx), and hydration keeps the
// server's HTML on screen until the chunk arrives, under the route's Suspense boundary.
import { lazy, type ComponentType } from 'react';
import type { Language } from '@mmdm/contracts/languages';

/** The languages whose content is loaded on demand: every one but English. */
export type TranslatedLanguage = Exclude<Language, 'en'>;

/** Loads one language's module; every language's module exports its content as `content`. */
export type ContentLoader<T> = () => Promise<{ content: T }>;

/**
 * One component per language, each rendering `Render` with that language's content: English at once, the others once
 * their module has loaded. Call it at module level, so each lazy component is made once and keeps its state.
 */
export function localizedContent<T>(
  english: T,
  translations: Record<TranslatedLanguage, ContentLoader<T>>,
  Render: ComponentType<{ content: T }>,
): Record<Language, ComponentType> {
  const lazyFor = (load: ContentLoader<T>): ComponentType =>
    lazy(async () => {
      const { content } = await load();
      return { default: () => <Render content={content} /> };
    });
  const translated = Object.fromEntries(
    (Object.keys(translations) as TranslatedLanguage[]).map((language) => [language, lazyFor(translations[language])]),
  ) as Record<TranslatedLanguage, ComponentType>;
  return { en: () => <Render content={english} />, ...translated };
}
