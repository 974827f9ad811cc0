import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { QueryProvider } from './provider.js';
import { adminRoutes } from './routes/admin/index.js';
import { AdminNotFound } from './routes/admin-not-found.js';

/*
 * The staff panel: a client-only data router over the staff engineer's adminRoutes, served by admin.html for
 * /admin and /admin/* (dist/routes.json). It is its own entry so none of it reaches the public site's first load.
 */
const routes: RouteObject[] = [...adminRoutes, { path: '*', element: <AdminNotFound /> }];

const router = createBrowserRouter(routes);

export function AdminApp() {
  return (
    <QueryProvider>
      <RouterProvider router={router} />
    </QueryProvider>
  );
}
