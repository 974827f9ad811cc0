import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { DocumentHead } from '../../components/layout/document-head.js';
import { Footer } from '../../components/layout/footer.js';
import { Header } from '../../components/layout/header.js';
import { ScrollToTop } from '../../components/layout/scroll-to-top.js';
import { usePageLanguage } from '../../lib/i18n/page-language.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { i18n } from '../../lib/i18n/i18n.js';

// Only on the English home page, only in a browser that prefers another language: a chunk of its own, after hydration.
const LanguageOffer = lazy(() => import('../../components/layout/language-offer.js'));

export function RootLayout() {
  const language = usePageLanguage();
  const { pathname, search, hash } = useLocation();
  // Only the page's catalogue is loaded: a client-side link into another language (a prefix typed into a link)
  // becomes a page load of that language's pre-rendered page, which loads its own.
  const otherLanguage = language !== i18n.locale;
  const hydrated = useHydrated();
  useEffect(() => {
    if (otherLanguage) window.location.assign(pathname + search + hash);
  }, [otherLanguage, pathname, search, hash]);
  if (otherLanguage) return null;
  return (
    <>
      <a className="skip-link" href="#main">
        {i18n._({ id: 'web.layout.skipLink', message: 'Skip to content' })}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <DocumentHead />
      <ScrollToTop />
      {hydrated && pathname === '/' ? (
        <Suspense fallback={null}>
          <LanguageOffer />
        </Suspense>
      ) : null}
    </>
  );
}
