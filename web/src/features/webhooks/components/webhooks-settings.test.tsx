import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, noContent, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

const endpoint = (overrides: Record<string, unknown> = {}) => ({
  id: '7',
  url: 'https://app.example.com/hooks',
  events: ['entry.invited', 'entry.erased'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  previousSecretUntil: null,
  pending: 2,
  lastAt: '2026-11-28T10:00:00.000Z',
  lastStatus: 500,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('Settings › Webhooks', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = signInStaff();
    network.on('GET', '/api/admin/webhooks', () => json(200, { items: [endpoint()] }));
  });

  it('adds an endpoint and shows its secret once, with a way to copy it', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    network.on('POST', '/api/admin/webhooks', ({ body }) => {
      sent = body;
      return json(201, { ...endpoint({ id: '8', url: 'https://app.example.com/new', pending: 0 }), secret: SECRET });
    });
    renderAdmin('/admin/settings/webhooks');

    await user.type(await screen.findByLabelText('Endpoint URL'), 'https://app.example.com/new');
    await user.click(screen.getByRole('checkbox', { name: /city\.opened/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(screen.getByText(/it is shown this once/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(sent).toEqual({
      url: 'https://app.example.com/new',
      events: ['entry.confirmed', 'entry.invited', 'entry.admitted', 'entry.erased'],
    });
    await user.click(screen.getByRole('button', { name: 'Done, I have saved it' }));
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
  });

  it("shows the service's refusal of an address", async () => {
    const user = userEvent.setup();
    network.on('POST', '/api/admin/webhooks', () =>
      json(400, {
        success: false,
        code: 'webhook_url_refused',
        message: 'internal.example leads to a private address, which is refused.',
      }),
    );
    renderAdmin('/admin/settings/webhooks');
    await user.type(await screen.findByLabelText('Endpoint URL'), 'https://internal.example/');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('leads to a private address');
  });

  it('lists endpoints with their state and last answer, rotates, disables, and opens the delivery log', async () => {
    const user = userEvent.setup();
    let enabledSent: unknown;
    network.on('POST', '/api/admin/webhooks/7/rotate', () =>
      json(200, { id: '7', secret: SECRET, previousSecretUntil: '2026-11-29T10:00:00.000Z' }),
    );
    network.on('POST', '/api/admin/webhooks/7/enabled', ({ body }) => {
      enabledSent = body;
      return json(200, endpoint({ enabled: false, disabledReason: 'staff', disabledAt: '2026-11-28T11:00:00.000Z' }));
    });
    network.on('GET', '/api/admin/webhooks/7/deliveries', () =>
      json(200, {
        items: [
          {
            id: '31',
            messageId: 'msg_abc',
            type: 'entry.invited',
            state: 'pending',
            attempts: 3,
            nextAttemptAt: '2026-11-28T12:00:00.000Z',
            lastStatus: 500,
            lastAt: '2026-11-28T10:00:00.000Z',
            lastBody: 'receiver is down',
            lastError: 'HTTP 500',
            deliveredAt: null,
            createdAt: '2026-11-28T09:00:00.000Z',
          },
        ],
        nextCursor: null,
      }),
    );
    let redelivered = false;
    network.on('POST', '/api/admin/webhooks/7/deliveries/31/redeliver', () => {
      redelivered = true;
      return json(202, { success: true, message: 'The message will be sent again.' });
    });
    renderAdmin('/admin/settings/webhooks');

    const row = (await screen.findByRole('rowheader', { name: 'https://app.example.com/hooks' })).closest('tr')!;
    expect(within(row).getByText('entry.invited, entry.erased')).toBeInTheDocument();
    expect(within(row).getByText(/^500 ·/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Rotate secret' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(screen.getByText(/keeps signing beside it for 24 hours/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('https://app.example.com/hooks was disabled.')).toBeInTheDocument();
    expect(enabledSent).toEqual({ enabled: false });

    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    expect(await within(log).findByText('msg_abc')).toBeInTheDocument();
    expect(within(log).getByText('HTTP 500')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Send again' }));
    expect(await within(log).findByText('msg_abc will be sent again.')).toBeInTheDocument();
    expect(redelivered).toBe(true);
  });

  it('deletes an endpoint after asking', async () => {
    const user = userEvent.setup();
    let deleted = false;
    network.on('DELETE', '/api/admin/webhooks/7', () => {
      deleted = true;
      return noContent();
    });
    renderAdmin('/admin/settings/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Delete https://app.example.com/hooks' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('the 2 events it is still owed are not sent');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('https://app.example.com/hooks was deleted.')).toBeInTheDocument();
    expect(deleted).toBe(true);
  });
});
