import { Outlet } from 'react-router-dom';
import { DocumentHead } from '../../components/layout/document-head.js';
import { Footer } from '../../components/layout/footer.js';
import { Header } from '../../components/layout/header.js';
import { ScrollToTop } from '../../components/layout/scroll-to-top.js';

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <DocumentHead />
      <ScrollToTop />
    </>
  );
}
