import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/router.js';
import { activateLanguage, loadPageTitles, loadStatusTexts } from './lib/i18n/i18n.js';
import { languageOfPath } from './lib/i18n/page-language.js';

export { alternateUrls, canonicalUrl, metaFor, notFoundMeta, previewImageAlt } from './config/page-meta.js';
export { LANGUAGES, DEFAULT_LANGUAGE } from '@mmdm/contracts/languages';
export { activateLanguage, loadPageTitles } from './lib/i18n/i18n.js';
export { languageOfPath, localizedPath } from './lib/i18n/page-language.js';
export { notFoundPage, publicPages } from './app/router.js';
export { publicEnv } from './config/public-env.js';

/**
 * Renders one public URL to HTML at build time. `prerender` waits for every lazy page, so the markup is complete;
 * it must need no inline script: the CSP allows none (scripts/prerender.ts checks).
 */
export async function render(url: string): Promise<string> {
  // The page's language from its URL, as the browser will take it before hydrating (main.tsx).
  await activateLanguage(languageOfPath(url));
  await loadPageTitles(languageOfPath(url));
  await loadStatusTexts(languageOfPath(url));
  // The first pass loads the page's lazy chunks; the second renders with all of them resolved, so no boundary is
  // ever left pending for a script to fill in later.
  await renderOnce(url);
  return renderOnce(url);
}

async function renderOnce(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    // React outlines big Suspense boundaries (> progressiveChunkSize) behind inline <script>s that reveal them;
    // a static page has nothing to stream, so keep every boundary inline.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
