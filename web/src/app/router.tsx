import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ui/error-boundary.js';
import { DEFAULT_LANGUAGE, isLanguage } from '@mmdm/contracts/languages';
import { paths } from '../config/paths.js';
import { i18n, loadStatusTexts } from '../lib/i18n/i18n.js';
import { usePageLanguage } from '../lib/i18n/page-language.js';
import { RootLayout } from './routes/root-layout.js';
import { RouteError } from './routes/route-error.js';
import { isLocalizedPage } from '../lib/i18n/localized-content.js';

/*
 * The public site uses react-router's declarative mode, not the data router: with React itself at ~68 kB gzip,
 * the data router's extra ~17 kB would break the 100 kB first-load JavaScript budget (docs/performance.md). Pages are React.lazy
 * chunks; the pre-rendered HTML keeps showing while a page's chunk loads, and hydration picks it up then, in a render
 * and commit of its own after the layout's. (Loading the page before hydrating made one commit of the whole page
 * instead: on the waitlist page a 50 ms task in a trace, and no better Lighthouse figures; docs/performance.md.)
 * The staff panel (a data router, client-only) is a separate entry: see admin-app.tsx.
 */

/** The language whose texts are active: the page's, by the time a page loads (main.tsx activates it first). */
const activeLanguage = () => (isLanguage(i18n.locale) ? i18n.locale : 'en');

/**
 * A page's component and, on a content page, its content in the active language, loaded together: the page renders
 * in one pass once both are in (hydration retries it once, not once for the code and again for the content).
 */
const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => {
    const component = (await load())[name] as ComponentType;
    if (isLocalizedPage(component)) await component.loadContent(activeLanguage());
    return { default: component };
  });

/**
 * A page behind a mail's link, or with a form of its own (contact, "Your data"): its code and its texts' catalogue (in
 * the page's language, active by now) together.
 */
const statusPage = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => {
    const [module] = await Promise.all([load(), loadStatusTexts(activeLanguage())]);
    return { default: module[name] as ComponentType };
  });

const HomeRoute = page(() => import('./routes/home.js'), 'HomeRoute');
const NotFoundRoute = page(() => import('./routes/not-found.js'), 'NotFoundRoute');

/** Every page but home (the language's index) and not-found (everything else), by unprefixed path. */
const pagesByPath = new Map<string, LazyExoticComponent<ComponentType>>([
  [paths.about, page(() => import('./routes/about.js'), 'AboutRoute')],
  [paths.contact, statusPage(() => import('./routes/contact.js'), 'ContactRoute')],
  [paths.privacyPolicy, page(() => import('./routes/privacy-policy.js'), 'PrivacyPolicyRoute')],
  [paths.terms, page(() => import('./routes/terms.js'), 'TermsRoute')],
  [paths.cookiePolicy, page(() => import('./routes/cookie-policy.js'), 'CookiePolicyRoute')],
  [paths.faqs, page(() => import('./routes/faqs.js'), 'FaqsRoute')],
  [paths.teams, page(() => import('./routes/teams.js'), 'TeamsRoute')],
  [paths.waitlist, page(() => import('./routes/waitlist.js'), 'WaitlistRoute')],
  [paths.confirm, statusPage(() => import('./routes/confirm.js'), 'ConfirmRoute')],
  [paths.unsubscribe, statusPage(() => import('./routes/unsubscribe.js'), 'UnsubscribeRoute')],
  [paths.invitation, statusPage(() => import('./routes/invitation.js'), 'InvitationRoute')],
  [paths.yourData, statusPage(() => import('./routes/your-data.js'), 'YourDataRoute')],
]);

/**
 * The public routes (unprefixed), in the order they are pre-rendered; each is pre-rendered in every language, under
 * its prefix (scripts/prerender.ts). `source` lets the build preload each page's chunk.
 */
export const publicPages = [
  { path: paths.home, source: 'src/app/routes/home.tsx' },
  { path: paths.about, source: 'src/app/routes/about.tsx' },
  { path: paths.contact, source: 'src/app/routes/contact.tsx' },
  { path: paths.privacyPolicy, source: 'src/app/routes/privacy-policy.tsx' },
  { path: paths.terms, source: 'src/app/routes/terms.tsx' },
  { path: paths.cookiePolicy, source: 'src/app/routes/cookie-policy.tsx' },
  { path: paths.faqs, source: 'src/app/routes/faqs.tsx' },
  { path: paths.teams, source: 'src/app/routes/teams.tsx' },
  { path: paths.waitlist, source: 'src/app/routes/waitlist.tsx' },
  { path: paths.confirm, source: 'src/app/routes/confirm.tsx' },
  { path: paths.unsubscribe, source: 'src/app/routes/unsubscribe.tsx' },
  { path: paths.invitation, source: 'src/app/routes/invitation.tsx' },
  { path: paths.yourData, source: 'src/app/routes/your-data.tsx' },
] as const;

export const notFoundPage = { source: 'src/app/routes/not-found.tsx' } as const;

/** Each page gets its own error boundary (reset when the visitor navigates) and a loading state for late chunks. */
function RoutePage({ component: Page }: { component: LazyExoticComponent<ComponentType> }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(reset) => <RouteError onRetry={reset} />}>
      <Suspense
        fallback={
          <div className="page-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">{i18n._({ id: 'web.page.loading', message: 'Loading…' })}</span>
          </div>
        }
      >
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

/** /admin is a separate, client-only app (admin.html): reaching it from a public page means a full page load. */
function LeaveForAdmin() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.location.assign(pathname + search);
  }, [pathname, search]);
  return null;
}

/** A route's path below its language prefix: `/about` → `about` (the same page components serve every language). */
const below = (path: string) => path.slice(1);

/** The public pages under one language's prefix (`''` for the default language, `/es` for Spanish, ...). */
function languageRoutes(prefix: string) {
  return (
    <Route key={prefix || 'default'} path={prefix || undefined} element={<RootLayout />}>
      <Route index element={<RoutePage component={HomeRoute} />} />
      {[...pagesByPath].map(([path, component]) => (
        <Route key={path} path={below(path)} element={<RoutePage component={component} />} />
      ))}
      <Route path="*" element={<RoutePage component={NotFoundRoute} />} />
    </Route>
  );
}

/**
 * The routes of the page's language only: react-router flattens, ranks and matches every route on each render, and
 * the other languages' pages are never rendered here (RootLayout turns a link into another language into a page load).
 */
export function AppRoutes() {
  const language = usePageLanguage();
  return (
    <Routes>
      <Route path={`${paths.admin.root}/*`} element={<LeaveForAdmin />} />
      {languageRoutes(language === DEFAULT_LANGUAGE ? '' : `/${language}`)}
    </Routes>
  );
}
