import { paths } from '../../config/paths.js';
import { LegalDocument, type LegalDocumentContent } from '../../features/legal/components/legal-document.js';
import { content as english } from '../../features/legal/content/cookie-policy.en.js';
import { localizedContent } from '../../lib/i18n/localized-content.js';

function Document({ content }: { content: LegalDocumentContent }) {
  return <LegalDocument content={content} englishPath={paths.cookiePolicy} />;
}

// The cookie policy in the page's language: English in this chunk, each translation a chunk of its own (localized-content.tsx).
export const CookiePolicyRoute = localizedContent(
  english,
  {
    es: () => import('../../features/legal/content/cookie-policy.es.js'),
    pt: () => import('../../features/legal/content/cookie-policy.pt.js'),
    de: () => import('../../features/legal/content/cookie-policy.de.js'),
    fr: () => import('../../features/legal/content/cookie-policy.fr.js'),
  },
  Document,
);
