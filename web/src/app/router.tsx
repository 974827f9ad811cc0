import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ui/error-boundary.js';
import { isLanguage } from '@mmdm/contracts/languages';
import { paths } from '../config/paths.js';
import { i18n, loadStatusTexts } from '../lib/i18n/i18n.js';
import { PREFIXED_LANGUAGES } from '../lib/i18n/page-language.js';
import { RootLayout } from './routes/root-layout.js';
import { RouteError } from './routes/route-error.js';

/*
 * The public site uses react-router's declarative mode, not the data router: with React itself at ~68 kB gzip,
 * the data router's extra ~17 kB would break the 100 kB first-load JavaScript budget (docs/performance.md). Pages are React.lazy
 * chunks; the pre-rendered HTML keeps showing while a page's chunk loads, and hydration picks it up then.
 * The staff panel (a data router, client-only) is a separate entry: see admin-app.tsx.
 */

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

/**
 * A page behind a mail's link, or with a form of its own (contact, "Your data"): its code and its texts' catalogue (in
 * the page's language, active by now) together.
 */
const statusPage = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => {
    const [module] = await Promise.all([load(), loadStatusTexts(isLanguage(i18n.locale) ? i18n.locale : 'en')]);
    return { default: module[name] as ComponentType };
  });

const HomeRoute = page(() => import('./routes/home.js'), 'HomeRoute');
const AboutRoute = page(() => import('./routes/about.js'), 'AboutRoute');
const ContactRoute = statusPage(() => import('./routes/contact.js'), 'ContactRoute');
const PrivacyPolicyRoute = page(() => import('./routes/privacy-policy.js'), 'PrivacyPolicyRoute');
const TermsRoute = page(() => import('./routes/terms.js'), 'TermsRoute');
const CookiePolicyRoute = page(() => import('./routes/cookie-policy.js'), 'CookiePolicyRoute');
const FaqsRoute = page(() => import('./routes/faqs.js'), 'FaqsRoute');
const TeamsRoute = page(() => import('./routes/teams.js'), 'TeamsRoute');
const WaitlistRoute = page(() => import('./routes/waitlist.js'), 'WaitlistRoute');
const ConfirmRoute = statusPage(() => import('./routes/confirm.js'), 'ConfirmRoute');
const UnsubscribeRoute = statusPage(() => import('./routes/unsubscribe.js'), 'UnsubscribeRoute');
const InvitationRoute = statusPage(() => import('./routes/invitation.js'), 'InvitationRoute');
const YourDataRoute = statusPage(() => import('./routes/your-data.js'), 'YourDataRoute');
const NotFoundRoute = page(() => import('./routes/not-found.js'), 'NotFoundRoute');

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
      <Route path={below(paths.about)} element={<RoutePage component={AboutRoute} />} />
      <Route path={below(paths.contact)} element={<RoutePage component={ContactRoute} />} />
      <Route path={below(paths.privacyPolicy)} element={<RoutePage component={PrivacyPolicyRoute} />} />
      <Route path={below(paths.terms)} element={<RoutePage component={TermsRoute} />} />
      <Route path={below(paths.cookiePolicy)} element={<RoutePage component={CookiePolicyRoute} />} />
      <Route path={below(paths.faqs)} element={<RoutePage component={FaqsRoute} />} />
      <Route path={below(paths.teams)} element={<RoutePage component={TeamsRoute} />} />
      <Route path={below(paths.waitlist)} element={<RoutePage component={WaitlistRoute} />} />
      <Route path={below(paths.confirm)} element={<RoutePage component={ConfirmRoute} />} />
      <Route path={below(paths.unsubscribe)} element={<RoutePage component={UnsubscribeRoute} />} />
      <Route path={below(paths.invitation)} element={<RoutePage component={InvitationRoute} />} />
      <Route path={below(paths.yourData)} element={<RoutePage component={YourDataRoute} />} />
      <Route path="*" element={<RoutePage component={NotFoundRoute} />} />
    </Route>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={`${paths.admin.root}/*`} element={<LeaveForAdmin />} />
      {languageRoutes('')}
      {PREFIXED_LANGUAGES.map((language) => languageRoutes(`/${language}`))}
    </Routes>
  );
}
