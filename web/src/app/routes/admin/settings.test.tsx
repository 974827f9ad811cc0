import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, noContent, verified, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

const SELF_ID = '6f0c1b7e-2d1a-4c55-9a7e-0c7e1d1f2a3b';
/** The auth service's audit record of this admin's own sign-in. */
const ownSignIn = {
  id: '2',
  at: '2026-11-23T01:10:00.000Z',
  actorSub: SELF_ID,
  actorEmail: 'admin@staff.test',
  action: 'login',
  target: SELF_ID,
  ip: '203.0.113.9',
  requestId: 'r1',
  details: {},
};
const account = (overrides: Record<string, unknown> = {}) => ({
  id: SELF_ID,
  email: 'admin@staff.test',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt: '2026-11-23T00:50:00.000Z',
  ...overrides,
});

describe('the Settings screen', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = signInStaff();
    network.on('GET', '/api/admin/me', () => json(200, account()));
    // The second factor's sections of My account and Staff.
    network.on('GET', '/api/admin/me/mfa', () =>
      json(200, { totp: false, passkeys: [], recoveryCodesLeft: 0, required: false }),
    );
    network.on('GET', '/api/admin/mfa/policy', () => json(200, { required: false, requiredByOps: false }));
    network.on('GET', '/api/admin/mfa/staff', () => json(200, { items: [] }));
  });

  it('shows the own account and changes the password', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    network.on('POST', '/api/admin/me/password', ({ body }) => {
      sent = body;
      return noContent();
    });
    renderAdmin('/admin/settings');

    expect(await screen.findByText('admin@staff.test', { selector: 'dd' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'old password 123');
    await user.type(screen.getByLabelText('New password'), 'a much longer new one');
    await user.type(screen.getByLabelText('Repeat new password'), 'a much longer new one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(sent).toEqual({ currentPassword: 'old password 123', newPassword: 'a much longer new one' });
  });

  it("shows the service's reason when the current password is wrong, and stays signed in", async () => {
    const user = userEvent.setup();
    network.on('POST', '/api/admin/me/password', () =>
      json(400, { success: false, code: 'wrong_password', message: 'The current password is not correct.' }),
    );
    renderAdmin('/admin/settings');

    await user.type(await screen.findByLabelText('Current password'), 'not it at all');
    await user.type(screen.getByLabelText('New password'), 'a much longer new one');
    await user.type(screen.getByLabelText('Repeat new password'), 'a much longer new one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(localStorage.getItem('admin_token')).toBe('good.token');
  });

  it('lets an admin add a colleague and see them in the staff list', async () => {
    const user = userEvent.setup();
    const staff = [account()];
    network.on('GET', '/api/admin/staff', () => json(200, { items: staff }));
    network.on('POST', '/api/admin/staff', ({ body }) => {
      const created = account({ id: crypto.randomUUID(), ...(body as object), lastLoginAt: null });
      staff.push(created);
      return json(201, created);
    });
    renderAdmin('/admin/settings/staff');

    await screen.findByRole('rowheader', { name: /admin@staff.test/ });
    await user.type(screen.getByLabelText('Email'), 'colleague@staff.test');
    await user.type(screen.getByLabelText('Initial password'), 'twelve chars at least');
    await user.selectOptions(screen.getByLabelText('Role'), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));

    expect(await screen.findByText('colleague@staff.test can now sign in.')).toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: 'colleague@staff.test' })).closest('tr')!;
    expect(within(row).getByRole('combobox', { name: 'Role of colleague@staff.test' })).toHaveValue('viewer');
  });

  it('disables a colleague', async () => {
    const user = userEvent.setup();
    const colleague = account({
      id: 'b7f9a1c2-0000-4000-8000-000000000001',
      email: 'other@staff.test',
      role: 'viewer',
    });
    network.on('GET', '/api/admin/staff', () => json(200, { items: [account(), colleague] }));
    let patch: unknown;
    network.on('PATCH', `/api/admin/staff/${colleague.id}`, ({ body }) => {
      patch = body;
      colleague.disabled = true;
      return json(200, colleague);
    });
    renderAdmin('/admin/settings/staff');

    await user.click(await screen.findByRole('button', { name: 'Disable other@staff.test' }));

    await waitFor(() => expect(patch).toEqual({ disabled: true }));
    expect(await screen.findByRole('button', { name: 'Enable other@staff.test' })).toBeInTheDocument();
    // Nobody can lock themselves out from here.
    expect(screen.queryByRole('button', { name: 'Disable admin@staff.test' })).not.toBeInTheDocument();
  });

  it("shows both services' audit records in one timeline", async () => {
    network.on('GET', '/api/admin/audit', () => json(200, { items: [ownSignIn], nextCursor: null }));
    network.on('GET', '/api/admin/waitlist/audit', () =>
      json(200, {
        items: [
          {
            id: 7,
            at: '2026-11-23T01:20:00.000Z',
            actorSub: SELF_ID,
            actorEmail: 'admin@staff.test',
            action: 'entries.exported',
            target: null,
            ip: '203.0.113.9',
            requestId: 'r2',
            details: { rows: 3 },
          },
        ],
        nextCursor: null,
      }),
    );
    renderAdmin('/admin/settings/audit');

    await screen.findByText('entries.exported');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('entries.exported');
    expect(rows[1]).toHaveTextContent('login');
    expect(rows[1]).toHaveTextContent('203.0.113.9');
  });

  it('shows only the trail of staff reading personal data when asked (kind=reads), without the sign-ins', async () => {
    const user = userEvent.setup();
    network.on('GET', '/api/admin/audit', () => json(200, { items: [ownSignIn], nextCursor: null }));
    network.on('GET', '/api/admin/waitlist/audit', ({ url }) =>
      json(200, {
        items:
          url.searchParams.get('kind') === 'reads'
            ? [
                {
                  id: 9,
                  at: '2026-11-23T01:30:00.000Z',
                  actorSub: SELF_ID,
                  actorEmail: null,
                  action: 'entries.search',
                  target: null,
                  ip: '203.0.113.9',
                  requestId: 'r3',
                  details: { q: 'ana' },
                },
              ]
            : [],
        nextCursor: null,
      }),
    );
    renderAdmin('/admin/settings/audit');
    await screen.findByText('login');

    await user.selectOptions(screen.getByLabelText('Show'), 'Staff reading personal data');
    expect(await screen.findByRole('cell', { name: 'Searched entries for “ana”' })).toBeInTheDocument();
    expect(screen.queryByText('login')).not.toBeInTheDocument();
    expect(network.calls).toContain('GET /api/admin/waitlist/audit?kind=reads');
  });

  it('sends a viewer who opens the staff page to the dashboard, and hides the admin tabs', async () => {
    network.on('GET', '/api/admin/verify', () => verified('viewer'));
    network.on('GET', '/api/admin/waitlist/stats', () => json(200, { total: 0, confirmed: 0, today: 0, recent: [] }));
    const { router } = renderAdmin('/admin/settings/staff');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(network.calls.some((call) => call.startsWith('GET /api/admin/staff'))).toBe(false);
  });
});
