import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router.js';
import { activateLanguage } from './lib/i18n/i18n.js';
import { languageOfPath } from './lib/i18n/page-language.js';

// Loaded by boot.ts once the pre-rendered page has painted; the stylesheet is linked from index.html.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// Pre-rendered pages are hydrated; the dev server's empty shell (a placeholder comment) is rendered from scratch.
// Hydrating in a transition lets React work in slices and yield to the browser between them instead of one long task
// that blocks input (Total Blocking Time, about 4× less in a 4× CPU-throttled Chromium); the page is already
// on screen, so nothing waits for it.
function start(root: HTMLElement) {
  if (root.firstElementChild) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

// The page's catalogue first (only its language's: the pre-renderer lists it among the chunks loaded with the app),
// so the first client render says what the served HTML says and hydration matches it. A promise, not a top-level
// await: with one, the bundler moves every module a page chunk shares with this entry into chunks of their own.
void activateLanguage(languageOfPath(window.location.pathname)).then(() => start(container));
