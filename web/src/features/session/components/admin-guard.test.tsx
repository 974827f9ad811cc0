import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeNetwork,
  invalidToken,
  networkFailure,
  verified,
  type FakeNetwork,
} from '../../../testing/fake-network.js';
import { createTestQueryClient } from '../../../testing/render-admin.js';
import type { StaffRole } from '../../../lib/staff-roles.js';
import { AdminGuard } from './admin-guard.js';

function renderGuarded(role?: StaffRole) {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <h1>Login screen</h1> },
      { path: '/admin', element: <h1>Dashboard screen</h1> },
      {
        path: '/admin/secret',
        element: (
          <AdminGuard {...(role ? { role } : {})}>
            <h1>Guarded screen</h1>
          </AdminGuard>
        ),
      },
    ],
    { initialEntries: ['/admin/secret'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the admin guard', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    localStorage.clear();
    network = fakeNetwork();
  });
  afterEach(() => localStorage.clear());

  it('shows a spinner while the token is being verified, then the screen for a valid admin token', async () => {
    localStorage.setItem('admin_token', 'good.admin.token');
    let answer: (response: Response) => void = () => {};
    network.on('GET', '/api/admin/verify', () => new Promise<Response>((resolve) => (answer = resolve)));

    renderGuarded();

    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session...');
    expect(screen.queryByRole('heading', { name: 'Guarded screen' })).not.toBeInTheDocument();
    answer(verified('admin'));
    expect(await screen.findByRole('heading', { name: 'Guarded screen' })).toBeInTheDocument();
    expect(network.headersOf('/api/admin/verify')?.get('Authorization')).toBe('Bearer good.admin.token');
  });

  it('sends a visitor without a token to the login page without asking the server', async () => {
    const router = renderGuarded();

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(network.calls).toEqual([]);
  });

  it('sends an invalid token to the login page and forgets it', async () => {
    localStorage.setItem('admin_token', 'revoked.or.forged');
    network.on('GET', '/api/admin/verify', invalidToken);

    const router = renderGuarded();

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('admin_token')).toBeNull();
  });

  it('treats a network failure during verification as invalid and sends the user to the login page', async () => {
    localStorage.setItem('admin_token', 'some.token.value');
    network.on('GET', '/api/admin/verify', networkFailure);

    const router = renderGuarded();

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('sends a valid token whose role is not enough (viewer on an admin screen) to the dashboard', async () => {
    localStorage.setItem('admin_token', 'good.viewer.token');
    network.on('GET', '/api/admin/verify', () => verified('viewer'));

    const router = renderGuarded();

    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('requires the admin role unless told otherwise, and lets a viewer through a viewer guard', async () => {
    localStorage.setItem('admin_token', 'good.viewer.token');
    network.on('GET', '/api/admin/verify', () => verified('viewer'));

    renderGuarded('viewer');

    expect(await screen.findByRole('heading', { name: 'Guarded screen' })).toBeInTheDocument();
  });
});
