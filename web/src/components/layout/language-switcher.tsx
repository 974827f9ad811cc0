import { LANGUAGE_NAMES, LANGUAGES } from '@mmdm/contracts/languages';
import { useLocation } from 'react-router-dom';
import { localizedPath, unprefixedPath, usePageLanguage } from '../../lib/i18n/page-language.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { i18n } from '../../lib/i18n/i18n.js';

/**
 * The same page in each language (`/es/waitlist` → `/de/waitlist`), its query kept (a mail link's token still works).
 * Plain links, not client-side ones: a page's catalogue is loaded before it hydrates, so another language is another
 * page load. Each name is written in its own language, so a reader finds theirs whatever the page's language.
 */
export function LanguageSwitcher() {
  const { pathname, search } = useLocation();
  const current = usePageLanguage();
  const path = unprefixedPath(pathname);
  // The pre-rendered page has no query; hydration keeps the served attributes, so the query is added once hydrated.
  const query = useHydrated() ? search : '';
  return (
    <nav className="language-switcher" aria-label={i18n._({ id: 'web.footer.languages', message: 'Languages' })}>
      <ul>
        {LANGUAGES.map((language) => (
          <li key={language}>
            <a
              href={`${localizedPath(path, language)}${query}`}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? 'page' : undefined}
            >
              {LANGUAGE_NAMES[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
