// Rendering a public page's component as the app mounts it: with a query client, in a router at its URL, and in the
// language its URL is in. The tests of a page in English and in the other languages share this set-up.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Language } from '@mmdm/contracts/languages';
import { activateLanguage, i18n, loadPageTitles, loadStatusTexts } from '../lib/i18n/i18n.js';
import { localizedPath } from '../lib/i18n/page-language.js';
import { createQueryClient } from '../lib/query-client.js';

/**
 * Makes `language` the pages' language with all three catalogues, as a page under its prefix has them (main.tsx, the
 * router's mail-link pages, the titles). English is already loaded by setup-tests.ts, which also goes back to it
 * after each test; `speak('en')` goes back to it within one.
 */
export async function speak(language: Language): Promise<void> {
  if (language === 'en') {
    i18n.activate('en');
    return;
  }
  await activateLanguage(language);
  await Promise.all([loadStatusTexts(language), loadPageTitles(language)]);
}

/** `page` at `url` (path and query), with a query client of its own, as the app's providers and router hold it. */
export function renderPage(page: ReactElement, url = '/'): RenderResult {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * `page` in `language`: its texts made the active ones (`speak`), then rendered at `url` under the language's prefix
 * (`/your-data?token=…` in de → `/de/your-data?token=…`), where the page reads its language from.
 */
export async function renderInLanguage(language: Language, url: string, page: ReactElement): Promise<RenderResult> {
  await speak(language);
  return renderPage(page, localizedPath(url, language));
}
