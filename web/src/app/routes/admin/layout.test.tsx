import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, networkFailure, noContent, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

const emptyStats = () => json(200, { total: 0, confirmed: 0, today: 0, recent: [] });

describe('the admin layout', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = signInStaff({ email: 'lead@staff.test', token: 'good.admin.token' });
    network.on('GET', '/api/admin/waitlist/stats', emptyStats);
  });

  it('shows the "Admin Panel" header and a side menu that marks the current screen', async () => {
    renderAdmin('/admin');

    expect(await screen.findByText('Admin Panel', undefined, { timeout: 10_000 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Users', '/admin/users'],
      ['Messages', '/admin/messages'],
      ['Analytics', '/admin/analytics'],
      ['Launch', '/admin/launch'],
      ['Settings', '/admin/settings'],
      // Admins decide the review queue: its own item, with its count once known (not stubbed here).
      ['Review queue ', '/admin/settings/review'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
  });

  it('opens and closes the menu with the menu button (for phones)', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin');

    const toggle = await screen.findByRole('button', { name: 'Menu' }, { timeout: 10_000 });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Users' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out on the server, forgets the token and goes to the login page', async () => {
    const user = userEvent.setup();
    network.on('POST', '/api/admin/logout', () => noContent());
    const { router } = renderAdmin('/admin');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(network.headersOf('/api/admin/logout')?.get('Authorization')).toBe('Bearer good.admin.token');
  });

  it('still signs out locally when the server cannot be told', async () => {
    const user = userEvent.setup();
    network.on('POST', '/api/admin/logout', networkFailure);
    renderAdmin('/admin');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem('admin_token')).toBeNull();
  });

  it('sends the user to the login page when any staff call answers 401 (session revoked meanwhile)', async () => {
    network.on('GET', '/api/admin/waitlist/stats', () =>
      json(401, { success: false, code: 'unauthorized', message: 'Sign in to continue.' }),
    );
    const { router } = renderAdmin('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('admin_token')).toBeNull();
  });
});
