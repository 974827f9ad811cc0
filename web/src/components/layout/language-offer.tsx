import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@mmdm/contracts/languages';
import { useEffect, useState } from 'react';
import { catalogueOf } from '../../lib/i18n/i18n.js';
import { localizedPath } from '../../lib/i18n/page-language.js';

const DISMISSED = 'mmdm.language-offer.dismissed';

/** The first of the browser's languages that the site speaks, when it is not the default one. */
function offeredLanguage(): Language | null {
  const preferred = navigator.languages
    .map((tag) => tag.split('-')[0]?.toLowerCase())
    .find((code): code is Language => isLanguage(code));
  return preferred && preferred !== DEFAULT_LANGUAGE ? preferred : null;
}

function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED) !== null;
  } catch {
    // Storage refused (a private window's settings): offer, and the dismissal lasts as long as the page.
    return false;
  }
}

function remember() {
  try {
    localStorage.setItem(DISMISSED, new Date().toISOString());
  } catch {
    // Nothing to keep it in: the line is gone for this visit.
  }
}

/**
 * On the English home page, when the browser prefers another language the site speaks, one line offers it, written in
 * that language (its catalogue fetched only then, into an instance of its own): an offer, never a redirect. Dismissed
 * (or taken) once, it is not shown again. Fixed to the bottom of the screen over the page, so it moves nothing
 * (no layout shift), and loaded after hydration, outside the first load.
 */
export default function LanguageOffer() {
  const [offer, setOffer] = useState<{ language: Language; i18n: I18n } | null>(null);
  useEffect(() => {
    const language = offeredLanguage();
    if (!language || dismissed()) return;
    let live = true;
    void catalogueOf(language).then((messages) => {
      if (live) setOffer({ language, i18n: setupI18n({ locale: language, messages: { [language]: messages } }) });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!offer) return null;
  const { language, i18n } = offer;
  const close = () => {
    remember();
    setOffer(null);
  };
  return (
    <aside
      className="language-offer"
      lang={language}
      aria-label={i18n._({ id: 'web.languageOffer.label', message: 'Language' })}
    >
      <p>
        {i18n._({ id: 'web.languageOffer.text', message: 'This page is also in English.' })}{' '}
        <a href={localizedPath('/', language)} hrefLang={language} onClick={remember}>
          {i18n._({ id: 'web.languageOffer.switch', message: 'Read it in English' })}
        </a>
      </p>
      <button type="button" className="button button--ghost language-offer__close" onClick={close}>
        {i18n._({ id: 'web.languageOffer.dismiss', message: 'No, thanks' })}
      </button>
    </aside>
  );
}
