import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import { adminRoutes } from '../app/routes/admin/index.js';
import { fakeNetwork, verified, type FakeNetwork } from './fake-network.js';

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

export interface StaffSession {
  role?: 'admin' | 'viewer';
  /** The address verify answers with; `verified`'s own by default. */
  email?: string;
  /** The stored token, for tests that assert what is sent or kept. */
  token?: string;
}

/**
 * A staff member signed in, as the panel finds one: their token in localStorage (alone there) and a fake network
 * whose verify accepts it with `role`. Call it in a `beforeEach` or a test; the storage and the stubbed `fetch` are
 * put back when the test ends, so no file repeats that clean-up. A test that needs another role re-registers verify.
 */
export function signInStaff({ role = 'admin', email, token = 'good.token' }: StaffSession = {}): FakeNetwork {
  localStorage.clear();
  localStorage.setItem('admin_token', token);
  const network = fakeNetwork();
  network.on('GET', '/api/admin/verify', () => verified(role, email));
  onTestFinished(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });
  return network;
}
