import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@mmdm/contracts/languages';
import { speak } from '../testing/render-page.js';
import { previewImageAlt } from './page-meta.js';

/** The link preview's picture described in each language (og:image:alt): its words, then the call to join. */
const expected: Record<Language, RegExp> = {
  en: /^Meet Match Date Marry: the future of Dating and Friendships\. Join the waitlist/,
  de: /^Meet Match Date Marry: die Zukunft von Dating und Freundschaft\. Trag dich in die Warteliste ein/,
  es: /^Meet Match Date Marry: el futuro de las citas y la amistad\. Únete a la lista de espera/,
  pt: /^Meet Match Date Marry: o futuro dos encontros e das amizades\. Junte-se à lista de espera/,
  fr: /^Meet Match Date Marry\s: l’avenir des rencontres et de l’amitié\. Rejoignez la liste d’attente/,
};

describe('the link preview’s image text', () => {
  it.each(LANGUAGES)('is written in %s on its pages', async (language) => {
    await speak(language);
    expect(previewImageAlt()).toMatch(expected[language]);
  });
});
