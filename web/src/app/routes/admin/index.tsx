import type { RouteObject } from 'react-router-dom';
import { AdminLoading } from '../../../components/admin/admin-loading.js';
import { paths } from '../../../config/paths.js';

/**
 * The staff panel's routes, mounted under /admin by the app router. Client-only (never pre-rendered) and
 * loaded lazily so the public site's first load carries none of it. Each module exports `Component` and
 * `ErrorBoundary` (one error boundary per route).
 */
export const adminRoutes: RouteObject[] = [
  { path: paths.admin.login, HydrateFallback: AdminLoading, lazy: () => import('./login.js') },
  {
    path: paths.admin.root,
    HydrateFallback: AdminLoading,
    lazy: () => import('./layout.js'),
    children: [
      { index: true, lazy: () => import('./dashboard.js') },
      { path: paths.admin.users, lazy: () => import('./users.js') },
      { path: paths.admin.analytics, lazy: () => import('./analytics.js') },
      { path: paths.admin.launch, lazy: () => import('./launch.js') },
      { path: paths.admin.messages, lazy: () => import('./messages.js') },
      { path: `${paths.admin.messages}/:id`, lazy: () => import('./message.js') },
      {
        path: paths.admin.settings,
        lazy: () => import('./settings.js'),
        children: [
          { index: true, lazy: () => import('./settings-account.js') },
          { path: 'staff', lazy: () => import('./settings-staff.js') },
          { path: 'cities', lazy: () => import('./settings-cities.js') },
          { path: 'review', lazy: () => import('./settings-review.js') },
          { path: 'audit', lazy: () => import('./settings-audit.js') },
          { path: 'mail', lazy: () => import('./settings-mail.js') },
          { path: 'webhooks', lazy: () => import('./settings-webhooks.js') },
        ],
      },
      { path: '*', lazy: () => import('./not-found.js') },
    ],
  },
];
