// The public routes as the app mounts them: the page of the URL, in the URL's language, and its content in that
// language loaded with its code (one loading state, then the page).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, speak } from '../testing/render-page.js';
import { AppRoutes } from './router.js';
import { AboutRoute } from './routes/about.js';

/** The route's loading state (a spinner, and "Loading…" for screen readers in the page's language). */
const loadingState = () => document.querySelector('.page-loading');

describe('the public routes', () => {
  it('show a page after its loading state', async () => {
    renderPage(<AppRoutes />, '/faqs');
    expect(loadingState()).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Frequently asked questions');
    expect(loadingState()).toBeNull();
  });

  it('show a content page under a language prefix with its content in that language (with a trailing slash)', async () => {
    await speak('es');
    renderPage(<AppRoutes />, '/es/about/');
    expect(loadingState()).toHaveTextContent('Cargando…');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Citas con el corazón de vuelta');
    expect(loadingState()).toBeNull();
  });

  it('show the not-found page, in the language of its prefix, for a path that is no page', async () => {
    renderPage(<AppRoutes />, '/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("We couldn't find that page");
    await speak('de');
    renderPage(<AppRoutes />, '/de/keine-seite');
    expect(await screen.findByRole('heading', { level: 1, name: /Seite/ })).toBeInTheDocument();
  });
});

describe('a content page whose text in a language was loaded first (as the router loads it)', () => {
  it('renders that text at once, without suspending again', async () => {
    await speak('fr');
    await AboutRoute.loadContent('fr');
    renderPage(<AboutRoute />, '/fr/about');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Les rencontres, avec du cœur');
    expect(loadingState()).toBeNull();
  });
});
