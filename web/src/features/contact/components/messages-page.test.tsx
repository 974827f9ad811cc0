import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, verified, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

const ana = {
  id: 12,
  name: 'Ana Silva',
  email: 'ana@example.com',
  receivedAt: '2026-03-02T14:05:00.000Z',
  handledAt: null as string | null,
};

describe('Messages', () => {
  let network: FakeNetwork;
  let handled: string | null;
  beforeEach(() => {
    handled = null;
    network = signInStaff();
    network.on('GET', '/api/admin/waitlist/messages', ({ url }) =>
      json(200, {
        items: url.searchParams.get('state') === 'handled' && !handled ? [] : [{ ...ana, handledAt: handled }],
        nextCursor: null,
        open: handled ? 0 : 1,
      }),
    );
    network.on('GET', '/api/admin/waitlist/messages/12', () =>
      json(200, {
        ...ana,
        handledAt: handled,
        message: 'Hello!\nIs Porto in the first wave?',
        mailedAt: '2026-03-02T14:05:02.000Z',
      }),
    );
    network.on('POST', '/api/admin/waitlist/messages/12/handled', ({ body }) => {
      handled = (body as { handled: boolean }).handled ? '2026-03-03T09:00:00.000Z' : null;
      return json(200, { ...ana, handledAt: handled });
    });
  });

  it('lists who wrote and when (open ones first), opens one, and an admin marks it handled', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/messages');

    // The panel's route modules load lazily: their first import takes real time on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('1 message waits for an answer.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Ana Silva/ });
    // The address is in parts (it may wrap after its @ and before its dots): matched by its whole text.
    expect(
      within(row).getByText(
        (_, element) => element?.className === 'adm-messages__email' && element.textContent === 'ana@example.com',
      ),
    ).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(network.calls).toContain('GET /api/admin/waitlist/messages?state=open&limit=25');

    await user.click(within(row).getByRole('link', { name: 'Read the message from Ana Silva' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Message from Ana Silva' })).toBeInTheDocument();
    expect(screen.getByText(/Is Porto in the first wave\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(screen.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:ana@example\.com\?subject=/),
    );

    await user.click(screen.getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Marked handled.')).toBeInTheDocument();
    expect(screen.getByText('Handled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark open again' })).toBeInTheDocument();
    // The message was read once: marking it updates the page from the answer, without another audited read.
    expect(network.calls.filter((call) => call === 'GET /api/admin/waitlist/messages/12')).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Back to messages' }));
    expect(await screen.findByText('Every message has been handled.')).toBeInTheDocument();
  });

  it('lets a viewer read a message but not mark it', async () => {
    network.on('GET', '/api/admin/verify', () => verified('viewer'));
    renderAdmin('/admin/messages/12');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Message from Ana Silva' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Only admins mark messages handled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark handled' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase' })).not.toBeInTheDocument();
  });

  it('says when there is no such message', async () => {
    network.on('GET', '/api/admin/waitlist/messages/12', () =>
      json(404, { success: false, code: 'not_found', message: 'There is no such message. It may have been erased.' }),
    );
    renderAdmin('/admin/messages/12');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'There is no such message. It may have been erased.',
    );
  });
});
