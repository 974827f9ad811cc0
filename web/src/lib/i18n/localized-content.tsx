// A content page's text lives in one module per language, and a visitor downloads only their own language's module.
// English is the exception: it stays in the page's own chunk, for two reasons:
// - the home page has a 100 kB gzip first-load budget (docs/performance.md); a lazy English module would add a request
//   and a render pass to the page most visitors see first, while the other languages' loaders cost a few bytes each;
// - the privacy policy's version is a hash of the English page rendered synchronously (web/scripts/policy-version.ts,
//   renderToStaticMarkup), which a lazy boundary would leave as its fallback.
// The other languages are React.lazy chunks: pre-rendering waits for them (entry-server.tsx), and the router loads a
// page's with the page's code (loadContent), so hydration, or the way to another page, waits once for both (the
// pre-renderer lists the chunk with the app's, so it downloads beside them).
import type { ComponentType, JSX } from 'react';
import type { Language } from '@mmdm/contracts/languages';
import { preloadableLazy, type PreloadableComponent } from '../preloadable-lazy.js';
import { usePageLanguage } from './page-language.js';

/** The languages whose content is loaded on demand: every one but English. */
export type TranslatedLanguage = Exclude<Language, 'en'>;

/** Loads one language's module; every language's module exports its content as `content`. */
export type ContentLoader<T> = () => Promise<{ content: T }>;

/** A content page: its content in the page's language. */
export interface LocalizedPage {
  (): JSX.Element;
  /** Loads `language`'s content, so that the page renders in it without suspending (the router, with the page's code). */
  loadContent(language: Language): Promise<void>;
}

export function isLocalizedPage(component: ComponentType): component is ComponentType & LocalizedPage {
  return typeof (component as Partial<LocalizedPage>).loadContent === 'function';
}

/**
 * The page rendering `Render` with the page's language's content: English at once, the others once their module has
 * loaded. Call it at module level, so each language's lazy component is made once and keeps its state.
 */
export function localizedContent<T>(
  english: T,
  translations: Record<TranslatedLanguage, ContentLoader<T>>,
  Render: ComponentType<{ content: T }>,
): LocalizedPage {
  const translated = Object.fromEntries(
    (Object.keys(translations) as TranslatedLanguage[]).map((language) => [
      language,
      preloadableLazy(async () => {
        const { content } = await translations[language]();
        return function Translated() {
          return <Render content={content} />;
        };
      }),
    ]),
  ) as Record<TranslatedLanguage, PreloadableComponent>;
  function Localized() {
    const language = usePageLanguage();
    if (language === 'en') return <Render content={english} />;
    const Page = translated[language];
    return <Page />;
  }
  return Object.assign(Localized, {
    loadContent: async (language: Language) => {
      if (language !== 'en') await translated[language].preload();
    },
  });
}
