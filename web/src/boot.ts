/**
 * The public site's entry (index.html). The pre-rendered page paints with its inlined stylesheet alone; the app that
 * hydrates it is loaded only after that first paint, so none of its requests can delay the paint (measured: the
 * largest contentful paint is the pre-rendered text, and Lighthouse's simulation charges every request that finished
 * before it). See docs/performance.md, "The site".
 *
 * The stylesheet is linked from index.html rather than imported here: the build inlines it (scripts/prerender.ts).
 */
import { afterFirstPaint } from './lib/after-first-paint.js';

/** In development the dev server serves the sources; in the build the pre-renderer names the app's chunk. */
const DEV_APP = '/src/main.tsx';

function hydrate(script: HTMLScriptElement | null): void {
  // The pre-renderer lists the chunks the app and this page import (scripts/prerender.ts), so that they download
  // side by side with the app instead of one after another as each import is discovered.
  for (const href of script?.dataset.modulepreload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  // Imported by URL, not by a literal path: for a literal, Vite would put its preload helper in this chunk, every page
  // chunk would import this chunk for it, and with it fetch the stylesheet index.html links, which pages inline.
  void import(/* @vite-ignore */ script?.dataset.app ?? DEV_APP);
}

const script = document.querySelector<HTMLScriptElement>('script[data-app]');
// The dev server serves an empty shell (a placeholder comment): nothing paints before React renders it, so there is
// nothing to wait for.
if (document.getElementById('root')?.firstElementChild) afterFirstPaint(() => hydrate(script));
else hydrate(script);
