import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { alternateUrls, canonicalUrl, metaFor } from '../../config/page-meta.js';

function setMeta(selector: string, value: string) {
  document.head.querySelector(selector)?.setAttribute('content', value);
}

/**
 * Keeps <title>, description, canonical and Open Graph in step with client-side navigation. The first page's
 * head comes pre-rendered (scripts/prerender.ts), so this only rewrites the tags that are already there.
 */
export function DocumentHead() {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = metaFor(pathname);
    const url = canonicalUrl(pathname);
    document.title = meta.title;
    setMeta('meta[name="description"]', meta.description);
    setMeta('meta[property="og:title"]', meta.title);
    setMeta('meta[property="og:description"]', meta.description);
    setMeta('meta[property="og:url"]', url);
    setMeta('meta[name="twitter:title"]', meta.title);
    setMeta('meta[name="twitter:description"]', meta.description);
    document.head.querySelector('link[rel="canonical"]')?.setAttribute('href', url);
    for (const { hreflang, href } of alternateUrls(pathname)) {
      document.head.querySelector(`link[rel="alternate"][hreflang="${hreflang}"]`)?.setAttribute('href', href);
    }
  }, [pathname]);
  return null;
}
