import { setupI18n, type I18n } from '@lingui/core';
import { LANGUAGES, type Language } from '@mmdm/contracts/languages';
import { messages as de } from '../locales/de.js';
import { messages as en } from '../locales/en.js';
import { messages as es } from '../locales/es.js';
import { messages as fr } from '../locales/fr.js';
import { messages as pt } from '../locales/pt.js';

const catalogs: Record<Language, typeof en> = { en, es, pt, de, fr };

// One instance per language, made once: a mail rendered in German while another renders in French must not share
// the active locale, as one global i18n object would.
const instances = new Map<Language, I18n>(
  LANGUAGES.map((language) => [
    language,
    setupI18n({ locale: language, messages: { [language]: catalogs[language] } }),
  ]),
);

/** The mails' messages in `language` (compiled from the catalogues in ../locales). */
export function mailI18n(language: Language): I18n {
  return instances.get(language)!;
}
