import { paths } from '../../config/paths.js';
import { LegalDocument, type LegalDocumentContent } from '../../features/legal/components/legal-document.js';
import { content as english } from '../../features/legal/content/terms.en.js';
import { localizedContent } from '../../lib/i18n/localized-content.js';

function Document({ content }: { content: LegalDocumentContent }) {
  return <LegalDocument content={content} englishPath={paths.terms} />;
}

// The terms in the page's language: English in this chunk, each translation a chunk of its own (localized-content.tsx).
export const TermsRoute = localizedContent(
  english,
  {
    es: () => import('../../features/legal/content/terms.es.js'),
    pt: () => import('../../features/legal/content/terms.pt.js'),
    de: () => import('../../features/legal/content/terms.de.js'),
    fr: () => import('../../features/legal/content/terms.fr.js'),
  },
  Document,
);
