import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork, json, verified, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin } from '../../../testing/render-admin.js';

const inFiveMinutes = () => new Date(Date.now() + 5 * 60_000).toISOString();
const session = {
  token: 'full.staff.session',
  expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
  role: 'admin',
};

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'admin@staff.test');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the second sign-in step', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    localStorage.clear();
    network = fakeNetwork();
    network.on('GET', '/api/admin/waitlist/stats', () => json(200, { total: 0, confirmed: 0, today: 0, recent: [] }));
    network.on('GET', '/api/admin/verify', () => verified('admin'));
  });
  afterEach(() => localStorage.clear());

  const secondStep = (methods: string[]) =>
    network.on('POST', '/api/admin/login', () =>
      json(200, { step: 'second_factor', mfaToken: 'step.token.only', expiresAt: inFiveMinutes(), methods }),
    );

  it('after the right password asks for the authenticator code, stores nothing until the code signs in, then opens /admin', async () => {
    secondStep(['totp', 'recovery']);
    let sent: unknown;
    network.on('POST', '/api/admin/login/second-factor', ({ body }) => {
      sent = body;
      return json(200, session);
    });
    const { router } = renderAdmin('/admin/login');
    const user = await signInWithPassword();

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Login' })).not.toBeInTheDocument();
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(sent).toEqual({ mfaToken: 'step.token.only', method: 'totp', code: '123 456' });
    expect(localStorage.getItem('admin_token')).toBe('full.staff.session');
  });

  it("shows the service's sentence for a wrong code and lets the person try again", async () => {
    secondStep(['totp', 'recovery']);
    network.on('POST', '/api/admin/login/second-factor', () =>
      json(401, {
        success: false,
        code: 'invalid_second_factor',
        message: 'That code did not work. Check your authenticator app and try again.',
      }),
    );
    renderAdmin('/admin/login');
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code did not work. Check your authenticator app and try again.',
    );
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(network.calls.filter((call) => call === 'POST /api/admin/login/second-factor')).toHaveLength(1);
  });

  it('with a lost phone takes a recovery code instead', async () => {
    secondStep(['totp', 'recovery']);
    let sent: unknown;
    network.on('POST', '/api/admin/login/second-factor', ({ body }) => {
      sent = body;
      return json(200, session);
    });
    renderAdmin('/admin/login');
    const user = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH-JKLM');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(sent).toEqual({ mfaToken: 'step.token.only', method: 'recovery', code: 'ABCD-EFGH-JKLM' });
  });

  it('offers a passkey when the account has one', async () => {
    secondStep(['passkey', 'recovery']);
    renderAdmin('/admin/login');
    await signInWithPassword();
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeEnabled();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
  });

  it('when the step has expired says so and goes back to the unchanged login form', async () => {
    secondStep(['totp']);
    network.on('POST', '/api/admin/login/second-factor', () =>
      json(401, {
        success: false,
        code: 'mfa_token_invalid',
        message: 'Your sign-in has expired. Please sign in again.',
      }),
    );
    renderAdmin('/admin/login');
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in has expired. Please sign in again.');

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when throttled says when to try again', async () => {
    secondStep(['totp']);
    network.on('POST', '/api/admin/login/second-factor', () =>
      json(
        429,
        { success: false, code: 'too_many_attempts', message: 'Too many sign-in attempts. Try again in 15 minutes.' },
        { 'Retry-After': '900' },
      ),
    );
    renderAdmin('/admin/login');
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 15 minutes.');
  });

  it('when a second factor is required and there is none, enrols with the enrol-only token, shows the recovery codes once, then signs in', async () => {
    network.on('POST', '/api/admin/login', () =>
      json(200, { step: 'enrol', enrolToken: 'enrol.only.token', expiresAt: inFiveMinutes() }),
    );
    network.on('POST', '/api/admin/me/mfa/totp', () =>
      json(200, {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/x',
        qr: { size: 21, path: 'M0 0h1v1h-1z' },
      }),
    );
    let confirmed: unknown;
    network.on('POST', '/api/admin/me/mfa/totp/confirm', ({ body }) => {
      confirmed = body;
      return json(200, { session, recoveryCodes: ['AAAA-BBBB-CCCC', 'DDDD-EEEE-FFFF'] });
    });
    const { router } = renderAdmin('/admin/login');
    const user = await signInWithPassword();

    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(network.headersOf('/api/admin/me/mfa/totp')?.get('authorization')).toBe('Bearer enrol.only.token');

    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(confirmed).toEqual({ code: '654321' });
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('AAAA-BBBB-CCCC');
    expect(localStorage.getItem('admin_token')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(localStorage.getItem('admin_token')).toBe('full.staff.session');
  });
});
