import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@mmdm/contracts/languages';
import { socialLinks } from '../../config/site.js';
import { localizedPath } from '../../lib/i18n/page-language.js';
import { renderInLanguage } from '../../testing/render-page.js';
import { Footer } from '../layout/footer.js';
import { StoreBadges } from './store-badges.js';

/**
 * What the badges say: the words of the stores' own localized badges (Apple's "Download on the App Store", Google's
 * "Get it on Google Play" in each language), the store names as they are; and how a new tab is announced.
 */
const says: Record<Language, { list: string; appStore: string; googlePlay: string; newTab: string }> = {
  en: {
    list: 'Get the app',
    appStore: 'Download on the App Store',
    googlePlay: 'Get it on Google Play',
    newTab: '(opens in a new tab)',
  },
  de: {
    list: 'Hol dir die App',
    appStore: 'Laden im App Store',
    googlePlay: 'Jetzt bei Google Play',
    newTab: '(öffnet in einem neuen Tab)',
  },
  es: {
    list: 'Consigue la app',
    appStore: 'Descárgalo en el App Store',
    googlePlay: 'Disponible en Google Play',
    newTab: '(se abre en una pestaña nueva)',
  },
  pt: {
    list: 'Obtenha a app',
    appStore: 'Descarregar na App Store',
    googlePlay: 'Disponível no Google Play',
    newTab: '(abre num novo separador)',
  },
  fr: {
    list: 'Téléchargez l’application',
    appStore: 'Télécharger dans l’App Store',
    googlePlay: 'Disponible sur Google Play',
    newTab: '(s’ouvre dans un nouvel onglet)',
  },
};

describe.each(LANGUAGES)('in %s', (language) => {
  it('the footer’s store badges say the stores’ words in the language and lead to its waitlist page', async () => {
    await renderInLanguage(language, '/about', <Footer />);
    const badges = within(screen.getByRole('list', { name: says[language].list }));
    for (const name of [says[language].appStore, says[language].googlePlay]) {
      // The visible words are the link's name (WCAG 2.5.3 label in name).
      const link = badges.getByRole('link', { name });
      expect(link.textContent?.replace(/\s+/g, ' ')).toBe(name);
      expect(link).toHaveAttribute('href', localizedPath('/waitlist', language));
    }
  });

  it('the store badges of an invitation lead to the stores', async () => {
    await renderInLanguage(
      language,
      '/invitation',
      <StoreBadges stores={{ appStore: 'https://apps.apple.com/app/id1', playStore: null }} />,
    );
    const badges = within(screen.getByRole('list', { name: says[language].list }));
    expect(badges.getByRole('link', { name: says[language].appStore })).toHaveAttribute(
      'href',
      'https://apps.apple.com/app/id1',
    );
    expect(badges.queryByRole('link', { name: says[language].googlePlay })).not.toBeInTheDocument();
  });

  it('each of the footer’s social links is named by its network and says it opens a new tab', async () => {
    await renderInLanguage(language, '/about', <Footer />);
    for (const network of socialLinks) {
      expect(screen.getByRole('link', { name: `${network.label} ${says[language].newTab}` })).toHaveAttribute(
        'href',
        network.href,
      );
    }
  });
});
