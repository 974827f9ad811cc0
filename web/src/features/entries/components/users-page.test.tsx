import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, noContent, verified, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

let nextId = 1000;
function entry(overrides: Record<string, unknown> = {}) {
  const id = nextId++;
  return {
    id,
    email: `person${id}@example.com`,
    status: 'pending',
    referralSource: null,
    referralCode: null,
    createdAt: new Date(Date.now() - id * 1000).toISOString(),
    confirmedAt: null,
    ...overrides,
  };
}

describe('the Users screen', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = signInStaff();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  /** The list answers a search for "ana" with Ana alone, and anything else with two other people. */
  function answerSearchForAna() {
    network.on('GET', '/api/admin/waitlist/entries', ({ url }) =>
      json(200, {
        items: url.searchParams.get('q') === 'ana' ? [entry({ email: 'ana@example.com' })] : [entry(), entry()],
        nextCursor: null,
      }),
    );
  }

  it('lists waitlist entries with their status, newest first by default', async () => {
    const ana = entry({
      email: 'ana@example.com',
      status: 'confirmed',
      referralSource: 'FRIEND1',
      confirmedAt: new Date().toISOString(),
    });
    network.on('GET', '/api/admin/waitlist/entries', () =>
      json(200, { items: [ana, entry({ email: 'ben@example.com' })], nextCursor: null }),
    );
    renderAdmin('/admin/users');

    const row = (await screen.findByRole('rowheader', { name: 'ana@example.com' })).closest('tr')!;
    expect(within(row).getByText('Confirmed')).toBeInTheDocument();
    expect(within(row).getByText('FRIEND1')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'ben@example.com' })).toBeInTheDocument();
    expect(network.calls.find((call) => call.startsWith('GET /api/admin/waitlist/entries'))).toContain('order=desc');
  });

  it('says why an address is not mailed (the suppression reason), for each reason', async () => {
    network.on('GET', '/api/admin/waitlist/entries', () =>
      json(200, {
        items: [
          entry({ email: 'bounced@example.com', suppressed: 'hard_bounce' }),
          entry({ email: 'spam@example.com', suppressed: 'complaint' }),
          entry({ email: 'soft@example.com', suppressed: 'soft_bounces' }),
          entry({ email: 'fine@example.com', suppressed: null }),
        ],
        nextCursor: null,
      }),
    );
    renderAdmin('/admin/users');

    const row = async (email: string) =>
      (await screen.findByRole('rowheader', { name: email }, { timeout: 10_000 })).closest('tr')!;
    expect(within(await row('bounced@example.com')).getByText('Not mailed: address bounced')).toBeInTheDocument();
    expect(within(await row('spam@example.com')).getByText('Not mailed: marked as spam')).toBeInTheDocument();
    expect(within(await row('soft@example.com')).getByText('Not mailed: bounced 3 times')).toBeInTheDocument();
    expect(within(await row('fine@example.com')).queryByText(/Not mailed/)).not.toBeInTheDocument();
  });

  it('searches by address once typing pauses, and filters by status and sorts by date', async () => {
    const user = userEvent.setup();
    answerSearchForAna();
    renderAdmin('/admin/users');
    await screen.findAllByRole('rowheader');

    await user.type(screen.getByLabelText('Search by email'), 'ana');
    expect(await screen.findByRole('rowheader', { name: 'ana@example.com' })).toBeInTheDocument();
    const searches = network.calls.filter((call) => call.includes('q='));
    expect(searches).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'asc');
    await waitFor(() => expect(network.calls.at(-1)).toMatch(/status=confirmed.*q=ana.*order=asc/));
  });

  it('shows each entry’s place, credited friends and city, and lists one city by place', async () => {
    const user = userEvent.setup();
    network.on('GET', '/api/admin/waitlist/cities', () =>
      json(200, {
        items: [
          {
            id: 7,
            name: 'Lisbon',
            sort: 0,
            createdAt: new Date().toISOString(),
            people: 1,
            confirmed: 1,
            openingThreshold: null,
            firstWaveSize: 100,
            openMode: 'approve',
            opening: { state: 'none', thresholdReachedAt: null, openedAt: null, openedBy: null, waveId: null },
          },
        ],
      }),
    );
    const ana = entry({ email: 'ana@example.com', status: 'confirmed', position: 3, referralCount: 2, cityId: 7 });
    network.on('GET', '/api/admin/waitlist/entries', () => json(200, { items: [ana], nextCursor: null }));
    renderAdmin('/admin/users');

    const row = (await screen.findByRole('rowheader', { name: 'ana@example.com' })).closest('tr')!;
    expect(within(row).getByText('#3')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Lisbon')).toBeInTheDocument());

    await user.selectOptions(screen.getByLabelText('City'), 'Lisbon');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'place');
    await waitFor(() => expect(network.calls.at(-1)).toMatch(/order=place.*city=7/));
    expect(network.calls.at(-1)).not.toContain('status=');
    expect(screen.getByLabelText('Search by email')).toBeDisabled();
  });

  it('filters by the launch statuses invited and admitted', async () => {
    const user = userEvent.setup();
    network.on('GET', '/api/admin/waitlist/entries', () =>
      json(200, { items: [entry({ status: 'invited' })], nextCursor: null }),
    );
    renderAdmin('/admin/users');
    await screen.findAllByRole('rowheader');
    await user.selectOptions(screen.getByLabelText('Status'), 'admitted');
    await waitFor(() => expect(network.calls.at(-1)).toContain('status=admitted'));
  });

  it('asks for 3 characters instead of sending a shorter search', async () => {
    const user = userEvent.setup();
    answerSearchForAna();
    renderAdmin('/admin/users');
    await screen.findAllByRole('rowheader');
    const search = screen.getByLabelText('Search by email');

    await user.type(search, 'an');
    expect(await screen.findByText('Type at least 3 characters to search.')).toBeInTheDocument();
    expect(search).toHaveAccessibleDescription('Type at least 3 characters to search.');
    expect(network.calls.filter((call) => call.includes('q='))).toEqual([]);

    await user.type(search, 'a');
    expect(await screen.findByRole('rowheader', { name: 'ana@example.com' })).toBeInTheDocument();
    expect(screen.queryByText('Type at least 3 characters to search.')).not.toBeInTheDocument();
    expect(network.calls.filter((call) => call.includes('q='))).toHaveLength(1);
  });

  it('ignores a shorter search in the address bar rather than asking the service for it', async () => {
    network.on('GET', '/api/admin/waitlist/entries', () =>
      json(200, { items: [entry({ email: 'all@example.com' })], nextCursor: null }),
    );
    renderAdmin('/admin/users?q=ab');

    expect(await screen.findByRole('rowheader', { name: 'all@example.com' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search by email')).toHaveValue('ab');
    expect(await screen.findByText('Type at least 3 characters to search.')).toBeInTheDocument();
    expect(network.calls.filter((call) => call.includes('q='))).toEqual([]);
  });

  it('says how far a search that stopped early has read, and Next reads on from there', async () => {
    const user = userEvent.setup();
    const older = entry({ email: 'older-match@example.org' });
    network.on('GET', '/api/admin/waitlist/entries', ({ url }) =>
      url.searchParams.get('cursor') === 'SCAN-END'
        ? json(200, { items: [older], nextCursor: null, searchedThrough: null })
        : json(200, { items: [], nextCursor: 'SCAN-END', searchedThrough: '2026-11-20T10:00:00.000Z' }),
    );
    renderAdmin('/admin/users?q=example.org');

    expect(
      await screen.findByText(/^Searched back to .+ with no match yet\. Next searches older sign-ups\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByText('No entries match.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'older-match@example.org' })).toBeInTheDocument();
    expect(screen.queryByText(/^Searched back to/)).not.toBeInTheDocument();
  });

  it('pages forward with the cursor the service handed out, and back again', async () => {
    const user = userEvent.setup();
    const first = entry({ email: 'first-page@example.com' });
    const second = entry({ email: 'second-page@example.com' });
    network.on('GET', '/api/admin/waitlist/entries', ({ url }) =>
      url.searchParams.get('cursor') === 'CURSOR-2'
        ? json(200, { items: [second], nextCursor: null })
        : json(200, { items: [first], nextCursor: 'CURSOR-2' }),
    );
    renderAdmin('/admin/users');
    await screen.findByRole('rowheader', { name: 'first-page@example.com' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'second-page@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('rowheader', { name: 'first-page@example.com' })).toBeInTheDocument();
  });

  it('deletes an entry only after confirming in a dialog', async () => {
    const user = userEvent.setup();
    let items = [entry({ email: 'erase-me@example.com' }), entry({ email: 'keep-me@example.com' })];
    network.on('GET', '/api/admin/waitlist/entries', () => json(200, { items, nextCursor: null }));
    network.on('GET', '/api/admin/waitlist/stats', () => json(200, { total: 1, confirmed: 0, today: 0, recent: [] }));
    network.on('DELETE', `/api/admin/waitlist/entries/${items[0]!.id}`, () => {
      items = items.slice(1);
      return noContent();
    });
    renderAdmin('/admin/users');

    await user.click(await screen.findByRole('button', { name: 'Delete erase-me@example.com' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this entry?' });
    expect(dialog).toHaveTextContent('erase-me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(network.calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete erase-me@example.com' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('erase-me@example.com was deleted from the waitlist.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'erase-me@example.com' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('rowheader', { name: 'keep-me@example.com' })).toBeInTheDocument();
  });

  it('resends the confirmation e-mail of a pending entry', async () => {
    const user = userEvent.setup();
    const pending = entry({ email: 'waiting@example.com' });
    network.on('GET', '/api/admin/waitlist/entries', () => json(200, { items: [pending], nextCursor: null }));
    network.on('POST', `/api/admin/waitlist/entries/${pending.id}/resend`, () =>
      json(202, { success: true, message: 'A new confirmation e-mail is queued.' }),
    );
    renderAdmin('/admin/users');

    await user.click(await screen.findByRole('button', { name: 'Resend confirmation to waiting@example.com' }));

    expect(
      await screen.findByText('A new confirmation e-mail to waiting@example.com is on its way.'),
    ).toBeInTheDocument();
  });

  it('exports the current filter as CSV with the bearer token', async () => {
    const user = userEvent.setup();
    // jsdom has no blob URLs: the browser's download hand-off is the boundary here.
    const createObjectURL = vi.fn(() => 'blob:waitlist');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    network.on('GET', '/api/admin/waitlist/entries', () => json(200, { items: [entry()], nextCursor: null }));
    network.on(
      'GET',
      '/api/admin/waitlist/entries.csv',
      () =>
        new Response('email,status\r\nana@example.com,confirmed\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="waitlist-2026-11-23.csv"',
          },
        }),
    );
    renderAdmin('/admin/users?status=confirmed');
    await screen.findAllByRole('rowheader');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(network.calls).toContain('GET /api/admin/waitlist/entries.csv?status=confirmed');
    expect(network.headersOf('/api/admin/waitlist/entries.csv')?.get('Authorization')).toBe('Bearer good.token');
  });

  it('shows viewers the list without any action buttons', async () => {
    network.on('GET', '/api/admin/verify', () => verified('viewer'));
    network.on('GET', '/api/admin/waitlist/entries', () =>
      json(200, { items: [entry({ email: 'look@example.com' })], nextCursor: null }),
    );
    renderAdmin('/admin/users');

    await screen.findByRole('rowheader', { name: 'look@example.com' });
    expect(screen.queryByRole('button', { name: /Delete|Resend|Export/ })).not.toBeInTheDocument();
  });
});
