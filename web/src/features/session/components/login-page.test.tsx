import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork, json, networkFailure, verified, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin } from '../../../testing/render-admin.js';

async function fillAndSubmit(email = 'admin@staff.test', password = 'correct horse battery') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the admin login page', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    localStorage.clear();
    network = fakeNetwork();
    network.on('GET', '/api/admin/waitlist/stats', () => json(200, { total: 0, confirmed: 0, today: 0, recent: [] }));
  });
  afterEach(() => localStorage.clear());

  it('asks for a required e-mail address and password under the heading "Admin Login"', async () => {
    renderAdmin('/admin/login');

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('says "Signing in..." and locks the form while the server checks, then stores the token and opens /admin', async () => {
    let answer: (response: Response) => void = () => {};
    network.on('POST', '/api/admin/login', () => new Promise<Response>((resolve) => (answer = resolve)));
    network.on('GET', '/api/admin/verify', () => verified('admin'));
    const { router } = renderAdmin('/admin/login');

    await fillAndSubmit('Admin@Staff.test ', 'correct horse battery');

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    answer(
      json(200, {
        token: 'fresh.staff.token',
        expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
        role: 'admin',
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(localStorage.getItem('admin_token')).toBe('fresh.staff.token');
    expect(network.calls).toContain('POST /api/admin/login');
  });

  it('sends the typed credentials as JSON', async () => {
    let sent: unknown;
    network.on('POST', '/api/admin/login', ({ body }) => {
      sent = body;
      return json(401, { success: false, code: 'invalid_credentials', message: 'Invalid credentials' });
    });
    renderAdmin('/admin/login');

    await fillAndSubmit('admin@staff.test', 'pa55 word!');

    await screen.findByRole('alert');
    expect(sent).toEqual({ email: 'admin@staff.test', password: 'pa55 word!' });
  });

  it('shows "Invalid credentials" for a refused sign-in and asks the server only once', async () => {
    network.on('POST', '/api/admin/login', () =>
      json(401, { success: false, code: 'invalid_credentials', message: 'Invalid credentials' }),
    );
    renderAdmin('/admin/login');

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(network.calls.filter((call) => call === 'POST /api/admin/login')).toHaveLength(1);
  });

  it('shows "Login failed. Please try again." when the server cannot be reached', async () => {
    network.on('POST', '/api/admin/login', networkFailure);
    renderAdmin('/admin/login');

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('shows "Login failed. Please try again." when the server fails rather than judging the password', async () => {
    network.on('POST', '/api/admin/login', () =>
      json(
        503,
        { success: false, code: 'unavailable', message: 'Sign-in is unavailable right now.' },
        { 'Retry-After': '30' },
      ),
    );
    renderAdmin('/admin/login');

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('tells when to try again after too many attempts', async () => {
    network.on('POST', '/api/admin/login', () =>
      json(429, { success: false, code: 'too_many_attempts', message: 'Too many attempts.' }, { 'Retry-After': '600' }),
    );
    renderAdmin('/admin/login');

    await fillAndSubmit();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many sign-in attempts. Please try again in 10 minutes.');
    expect(within(alert).queryByText('Invalid credentials')).not.toBeInTheDocument();
  });
});
