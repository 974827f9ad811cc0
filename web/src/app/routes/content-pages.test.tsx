import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, type Language } from '@mmdm/contracts/languages';
import { paths } from '../../config/paths.js';
import { site } from '../../config/site.js';
import type { TranslatedLanguage } from '../../lib/i18n/localized-content.js';
import { localizedPath, PREFIXED_LANGUAGES } from '../../lib/i18n/page-language.js';
import { AboutRoute } from './about.js';
import { CookiePolicyRoute } from './cookie-policy.js';
import { FaqsRoute } from './faqs.js';
import { HomeRoute } from './home.js';
import { PrivacyPolicyRoute } from './privacy-policy.js';
import { TeamsRoute } from './teams.js';
import { TermsRoute } from './terms.js';

interface ContentPage {
  name: string;
  path: string;
  Page: ComponentType;
  /** A legal page: the month it was last updated, as each translation writes it. */
  legal?: Record<TranslatedLanguage, string>;
}

const NOVEMBER_2026 = { es: 'noviembre de 2026', pt: 'novembro de 2026', de: 'November 2026', fr: 'novembre 2026' };
const AUGUST_2025 = { es: 'agosto de 2025', pt: 'agosto de 2025', de: 'August 2025', fr: 'août 2025' };

const pages: ContentPage[] = [
  { name: 'privacy policy', path: paths.privacyPolicy, Page: PrivacyPolicyRoute, legal: NOVEMBER_2026 },
  { name: 'terms', path: paths.terms, Page: TermsRoute, legal: AUGUST_2025 },
  { name: 'cookie policy', path: paths.cookiePolicy, Page: CookiePolicyRoute, legal: AUGUST_2025 },
  { name: 'home', path: paths.home, Page: HomeRoute },
  { name: 'FAQ', path: paths.faqs, Page: FaqsRoute },
  { name: 'about', path: paths.about, Page: AboutRoute },
  { name: 'team', path: paths.teams, Page: TeamsRoute },
];

/**
 * What may read the same in every language: the product and company name, people's names, addresses, e-mail
 * addresses, cities and the networks' names. Removed from an English sentence before looking for it in a translation.
 */
const UNTRANSLATED = [
  site.name,
  'Inc.',
  site.contact.privacyEmail,
  site.contact.supportEmail,
  site.contact.email,
  ...site.contact.address,
  'AES-256-GCM',
  ...['Sofia Marin', 'Marcus Bell', 'Aiko Tanaka', 'Lucas Moreau', 'Mei Chen', 'Jordan Ellis'],
  ...['Amara O.', 'Daniel K.', 'Priya S.', 'Toronto', 'LinkedIn', 'GitHub', 'iPhone', 'Android'],
];

/** The text blocks a reader sees, one string each, whitespace collapsed. */
function textBlocks(root: HTMLElement): string[] {
  return [...root.querySelectorAll('h1, h2, h3, p, li, dt, dd, a, button, strong, small, figcaption span')]
    .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter((text) => text !== '');
}

/** The names a screen reader announces that are not visible text. */
function accessibleNames(root: HTMLElement): string[] {
  return [...root.querySelectorAll('[alt], [aria-label]')].map(
    (element) => element.getAttribute('alt') ?? element.getAttribute('aria-label') ?? '',
  );
}

/** Sentences of the English page worth looking for: two words or more once the untranslated names are removed. */
function englishSentences(root: HTMLElement): string[] {
  const sentences = textBlocks(root).flatMap((block) => block.split(/(?<=[.!?:;])\s+|\s+\((?=[a-z])/));
  return [...new Set(sentences.map((sentence) => sentence.trim()))].filter((sentence) => {
    const rest = UNTRANSLATED.reduce((text, name) => text.split(name).join(' '), sentence);
    return (rest.match(/\p{L}{2,}/gu) ?? []).length >= 2;
  });
}

/** The page at `url`, as the router would show it, once its language's content has loaded. */
async function renderPage(page: ContentPage, url: string): Promise<HTMLElement> {
  const { container } = render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback={<p>Loading</p>}>
        <Routes>
          <Route path="*" element={<page.Page />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1 });
  // The store badges are shared UI (components/ui), translated and localised with the layout, not with the content.
  for (const badges of container.querySelectorAll('.store-badges')) badges.remove();
  return container;
}

const urlOf = (page: ContentPage, language: Language) => localizedPath(page.path, language);

/** The words each translation's notice uses to say that the English text prevails. */
const PREVAILS: Record<TranslatedLanguage, RegExp> = {
  es: /traducción.*prevalece el texto en inglés/,
  pt: /tradução.*prevalece o texto em inglês/,
  de: /Übersetzung.*englische Text maßgeblich/,
  fr: /traduction.*texte anglais prévaut/,
};

describe.each(pages)('the $name page', (page) => {
  it('in English, has no translation notice and its links stay unprefixed', async () => {
    const english = await renderPage(page, page.path);
    expect(english.querySelector('.legal__notice')).toBeNull();
    for (const link of english.querySelectorAll('a[href^="/"]')) {
      expect(PREFIXED_LANGUAGES.some((language) => link.getAttribute('href')?.startsWith(`/${language}/`))).toBe(false);
    }
  });

  describe.each(PREFIXED_LANGUAGES.map((language) => ({ language: language as TranslatedLanguage })))(
    'in $language',
    ({ language }) => {
      it('is written in that language: another title, and no sentence of the English page left', async () => {
        const englishView = await renderPage(page, page.path);
        const englishTitle = screen.getByRole('heading', { level: 1 }).textContent;
        const sentences = englishSentences(englishView);
        const names = accessibleNames(englishView).filter((name) => !UNTRANSLATED.includes(name));
        englishView.remove();

        const translated = await renderPage(page, urlOf(page, language));
        expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe(englishTitle);
        const text = textBlocks(translated).join(' | ');
        expect(sentences.filter((sentence) => text.includes(sentence))).toEqual([]);
        expect(accessibleNames(translated).filter((name) => names.includes(name))).toEqual([]);
      });

      it('has the same sections, in the same order, as the English page', async () => {
        const ids = (root: HTMLElement) =>
          [...root.querySelectorAll('[id]')].map((element) => element.id).filter((id) => /^[a-z][a-z0-9-]*$/.test(id));
        const englishView = await renderPage(page, page.path);
        const englishIds = ids(englishView);
        const englishCounts = ['h2', 'h3', 'li', 'a'].map((tag) => englishView.querySelectorAll(tag).length);
        englishView.remove();

        const translated = await renderPage(page, urlOf(page, language));
        expect(ids(translated)).toEqual(englishIds);
        // The same lists and links: a translation neither drops nor adds a point (the notice's link aside).
        const notice = translated.querySelectorAll('.legal__notice a').length;
        expect(['h2', 'h3', 'li', 'a'].map((tag) => translated.querySelectorAll(tag).length)).toEqual(
          englishCounts.map((count, index) => (index === 3 ? count + notice : count)),
        );
      });

      it('links to the pages of its own language', async () => {
        const translated = await renderPage(page, urlOf(page, language));
        const internal = [...translated.querySelectorAll('a[href^="/"]')].filter(
          (link) => !link.closest('.legal__notice'),
        );
        for (const link of internal) expect(link.getAttribute('href')).toMatch(new RegExp(`^/${language}/`));
      });

      if (page.legal) {
        const updated = page.legal[language];
        it('says above the text that it is a translation, that the English text prevails, and links to it', async () => {
          const translated = await renderPage(page, urlOf(page, language));
          const notice = translated.querySelector('.legal__notice');
          expect(notice?.textContent?.replace(/\s+/g, ' ')).toMatch(PREVAILS[language]);
          const link = notice?.querySelector('a');
          expect(link?.getAttribute('href')).toBe(page.path);
          expect(link?.getAttribute('hreflang')).toBe(DEFAULT_LANGUAGE);
          // Near the top: before the introduction and the first section.
          const firstSection = translated.querySelector('article section');
          expect(notice && firstSection && notice.compareDocumentPosition(firstSection)).toBe(
            Node.DOCUMENT_POSITION_FOLLOWING,
          );
        });

        it(`dates its last update in the language (${updated})`, async () => {
          await renderPage(page, urlOf(page, language));
          expect(screen.getByRole('heading', { level: 1 }).closest('section')).toHaveTextContent(updated);
        });
      }
    },
  );
});
