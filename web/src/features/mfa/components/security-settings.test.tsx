import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

const REAUTH_REQUIRED = {
  success: false,
  code: 'reauth_required',
  message: 'To change how you sign in, confirm it is you: enter your password or a code from your authenticator app.',
};

describe('changing a second factor in Security settings', () => {
  let network: FakeNetwork;
  let confirmed = false;
  beforeEach(() => {
    confirmed = false;
    network = signInStaff({ role: 'viewer', token: 'a.staff.session' });
    network.on('GET', '/api/admin/me', () =>
      json(200, {
        id: '6f0c1b7e-2d1a-4c55-9a7e-0c7e1d1f2a3b',
        email: 'me@staff.test',
        role: 'viewer',
        disabled: false,
        createdAt: '2026-11-01T10:00:00.000Z',
        updatedAt: '2026-11-01T10:00:00.000Z',
        lastLoginAt: '2026-11-28T07:50:00.000Z',
      }),
    );
    network.on('GET', '/api/admin/me/mfa', () =>
      json(200, { totp: true, passkeys: [], recoveryCodesLeft: 10, required: false }),
    );
  });

  it('asks for the password when the service says the sign-in is too old, then makes the new codes', async () => {
    let sent: unknown;
    network.on('POST', '/api/admin/me/mfa/recovery-codes', () =>
      confirmed ? json(200, { recoveryCodes: ['AAAA-BBBB-CCCC'] }) : json(403, REAUTH_REQUIRED),
    );
    network.on('POST', '/api/admin/me/reauth', ({ body }) => {
      sent = body;
      confirmed = true;
      return json(200, { until: new Date(Date.now() + 300_000).toISOString() });
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }, { timeout: 10_000 }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    // The session goes on: a 403 is not a sign-out.
    expect(localStorage.getItem('admin_token')).toBe('a.staff.session');
    await user.type(within(dialog).getByLabelText('Password'), 'my own password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('AAAA-BBBB-CCCC')).toBeInTheDocument();
    expect(sent).toEqual({ method: 'password', password: 'my own password' });
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
  });

  it('offers the authenticator code instead, and cancelling leaves the reason on screen', async () => {
    network.on('POST', '/api/admin/me/mfa/recovery-codes', () => json(403, REAUTH_REQUIRED));
    renderAdmin('/admin/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Use a code from your authenticator app' }));
    expect(within(dialog).getByLabelText('Code from the app')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(REAUTH_REQUIRED.message)).toBeInTheDocument();
  });
});
