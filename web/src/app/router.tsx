import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ui/error-boundary.js';
import { paths } from '../config/paths.js';
import { RootLayout } from './routes/root-layout.js';
import { RouteError } from './routes/route-error.js';

/*
 * The public site uses react-router's declarative mode, not the data router: with React itself at ~68 kB gzip,
 * the data router's extra ~17 kB would break the 100 kB first-load budget of issue 7. Pages are React.lazy
 * chunks; the pre-rendered HTML keeps showing while a page's chunk loads, and hydration picks it up then.
 * The staff panel (a data router, client-only) is a separate entry: see admin-app.tsx.
 */

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const HomeRoute = page(() => import('./routes/home.js'), 'HomeRoute');
const AboutRoute = page(() => import('./routes/about.js'), 'AboutRoute');
const ContactRoute = page(() => import('./routes/contact.js'), 'ContactRoute');
const PrivacyPolicyRoute = page(() => import('./routes/privacy-policy.js'), 'PrivacyPolicyRoute');
const TermsRoute = page(() => import('./routes/terms.js'), 'TermsRoute');
const CookiePolicyRoute = page(() => import('./routes/cookie-policy.js'), 'CookiePolicyRoute');
const FaqsRoute = page(() => import('./routes/faqs.js'), 'FaqsRoute');
const TeamsRoute = page(() => import('./routes/teams.js'), 'TeamsRoute');
const WaitlistRoute = page(() => import('./routes/waitlist.js'), 'WaitlistRoute');
const ConfirmRoute = page(() => import('./routes/confirm.js'), 'ConfirmRoute');
const UnsubscribeRoute = page(() => import('./routes/unsubscribe.js'), 'UnsubscribeRoute');
const InvitationRoute = page(() => import('./routes/invitation.js'), 'InvitationRoute');
const YourDataRoute = page(() => import('./routes/your-data.js'), 'YourDataRoute');
const NotFoundRoute = page(() => import('./routes/not-found.js'), 'NotFoundRoute');

/** The public routes, in the order they are pre-rendered. `source` lets the build preload each page's chunk. */
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
            <span className="visually-hidden">Loading…</span>
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

export function AppRoutes() {
  return (
    <Routes>
      <Route path={`${paths.admin.root}/*`} element={<LeaveForAdmin />} />
      <Route element={<RootLayout />}>
        <Route index element={<RoutePage component={HomeRoute} />} />
        <Route path={paths.about} element={<RoutePage component={AboutRoute} />} />
        <Route path={paths.contact} element={<RoutePage component={ContactRoute} />} />
        <Route path={paths.privacyPolicy} element={<RoutePage component={PrivacyPolicyRoute} />} />
        <Route path={paths.terms} element={<RoutePage component={TermsRoute} />} />
        <Route path={paths.cookiePolicy} element={<RoutePage component={CookiePolicyRoute} />} />
        <Route path={paths.faqs} element={<RoutePage component={FaqsRoute} />} />
        <Route path={paths.teams} element={<RoutePage component={TeamsRoute} />} />
        <Route path={paths.waitlist} element={<RoutePage component={WaitlistRoute} />} />
        <Route path={paths.confirm} element={<RoutePage component={ConfirmRoute} />} />
        <Route path={paths.unsubscribe} element={<RoutePage component={UnsubscribeRoute} />} />
        <Route path={paths.invitation} element={<RoutePage component={InvitationRoute} />} />
        <Route path={paths.yourData} element={<RoutePage component={YourDataRoute} />} />
        <Route path="*" element={<RoutePage component={NotFoundRoute} />} />
      </Route>
    </Routes>
  );
}
