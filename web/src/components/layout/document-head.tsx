import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { loadPageTitles } from '../../lib/i18n/i18n.js';
import { usePageLanguage } from '../../lib/i18n/page-language.js';

function setMeta(selector: string, value: string) {
  document.head.querySelector(selector)?.setAttribute('content', value);
}

/**
 * Keeps <title>, description, canonical, hreflang alternates and Open Graph in step with client-side navigation. The
 * first page's head comes pre-rendered (scripts/prerender.ts), so nothing is loaded for it: the titles and their
 * catalogue are fetched on the first navigation, which keeps them out of every page's first load.
 */
export function DocumentHead() {
  const { pathname } = useLocation();
  const language = usePageLanguage();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    let live = true;
    void Promise.all([import('../../config/page-meta.js'), loadPageTitles(language)]).then(([meta]) => {
      if (!live) return;
      const { title, description } = meta.metaFor(pathname);
      const url = meta.canonicalUrl(pathname);
      document.title = title;
      setMeta('meta[name="description"]', description);
      setMeta('meta[property="og:title"]', title);
      setMeta('meta[property="og:description"]', description);
      setMeta('meta[property="og:url"]', url);
      setMeta('meta[name="twitter:title"]', title);
      setMeta('meta[name="twitter:description"]', description);
      document.head.querySelector('link[rel="canonical"]')?.setAttribute('href', url);
      for (const { hreflang, href } of meta.alternateUrls(pathname)) {
        document.head.querySelector(`link[rel="alternate"][hreflang="${hreflang}"]`)?.setAttribute('href', href);
      }
    });
    return () => {
      live = false;
    };
  }, [pathname, language]);
  return null;
}
