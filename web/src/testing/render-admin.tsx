import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { adminRoutes } from '../app/routes/admin/index.js';

/** The app's QueryClient defaults, minus retry delays so failures show without waiting. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, retry: 2, retryDelay: 0, refetchOnWindowFocus: false },
      mutations: { retry: 1, retryDelay: 0 },
    },
  });
}

/**
 * Renders the admin panel's real route table (lazy modules and all) at `path`, plus a marker route outside it, the
 * way the app router mounts it.
 */
export function renderAdmin(path: string, extraRoutes: RouteObject[] = []) {
  const router = createMemoryRouter([...adminRoutes, ...extraRoutes], { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
