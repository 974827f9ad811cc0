import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, noContent, verified, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

/** A city as GET /cities lists it, with no opening threshold. */
const noOpening = {
  confirmed: 0,
  openingThreshold: null,
  firstWaveSize: 100,
  openMode: 'approve',
  opening: { state: 'none', thresholdReachedAt: null, openedAt: null, openedBy: null, waveId: null },
};
const lisbon = {
  id: 7,
  name: 'Lisbon',
  sort: 0,
  createdAt: '2026-03-01T09:00:00.000Z',
  people: 4,
  ...noOpening,
  confirmed: 4,
};
const stats = {
  boost: 10,
  cities: [
    { city: { id: 7, name: 'Lisbon' }, other: false, confirmed: 4, invited: 1, admitted: 0 },
    { city: null, other: true, confirmed: 2, invited: 0, admitted: 0 },
  ],
  topReferrers: [{ id: 11, email: 'star@example.com', referralCode: 'STAR-1', credits: 5 }],
};
const wave = {
  id: 1,
  createdAt: '2026-03-02T09:00:00.000Z',
  createdBySub: 'sub-1',
  createdByEmail: 'admin@staff.test',
  city: { id: 7, name: 'Lisbon' },
  requested: 1,
  invited: 1,
  admitted: 1,
};

const ticket = {
  id: 31,
  owner: { id: 5, email: 'member@example.com' },
  createdAt: '2026-03-03T09:00:00.000Z',
  state: 'used',
  usedBy: { id: 9, email: 'friend@example.com' },
  usedAt: '2026-03-04T09:00:00.000Z',
  heldRule: null,
  revokedAt: null,
  revokedReason: null,
};
const tickets = { totals: { given: 3, used: 1, held: 0, revoked: 0, waiting: 1 }, items: [ticket] };

describe('the Launch screen', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = signInStaff();
    network.on('GET', '/api/admin/waitlist/cities', () => json(200, { items: [lisbon] }));
    network.on('GET', '/api/admin/waitlist/launch-stats', () => json(200, stats));
    network.on('GET', '/api/admin/waitlist/invitations', () => json(200, { items: [wave] }));
    network.on('GET', '/api/admin/waitlist/tickets', () => json(200, tickets));
  });

  it('previews how many match in a city, asks before sending, then invites that wave', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    network.on('GET', '/api/admin/waitlist/invitations/preview', ({ url }) =>
      json(200, url.searchParams.get('city') === '7' ? { matching: 2, holders: 4 } : { matching: 6, holders: 6 }),
    );
    network.on('POST', '/api/admin/waitlist/invitations', ({ body }) => {
      sent.push(body);
      return json(202, { invited: 2, waveId: 2 });
    });
    renderAdmin('/admin/launch');

    const count = await screen.findByLabelText('How many');
    await user.clear(count);
    await user.type(count, '2');
    await user.selectOptions(screen.getByLabelText('City'), 'Lisbon');
    expect(await screen.findByText('2 people would be invited now (4 in line in Lisbon).')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Invite…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Invite 2 people?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(
      await screen.findByText('Invited 2 people in Lisbon. Their invitation e-mails are on their way.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ count: 2, city: 7 }]);
  });

  it('balances a wave: the mix in counts before the click, the target sent with the wave', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const asked: string[] = [];
    network.on('GET', '/api/admin/waitlist/invitations/preview', ({ url }) => {
      asked.push(url.search);
      return json(
        200,
        url.searchParams.has('woman')
          ? { matching: 100, holders: 300, mix: { woman: 44, man: 42, nonbinary: 0, unsaid: 14 } }
          : { matching: 100, holders: 300 },
      );
    });
    network.on('POST', '/api/admin/waitlist/invitations', ({ body }) => {
      sent.push(body);
      return json(202, { invited: 100, waveId: 3 });
    });
    renderAdmin('/admin/launch');

    await user.click(await screen.findByRole('checkbox', { name: 'Balance this wave' }));
    const men = screen.getByLabelText('Men %');
    await user.clear(men);
    await user.type(men, '40');
    expect(await screen.findByText('The shares must add up to 100.')).toBeInTheDocument();
    await user.clear(men);
    await user.type(men, '50');
    expect(
      await screen.findByText(
        '100 people would be invited now (300 in line). Mix: 44 women, 42 men, 0 non-binary; 14 who said nothing (by place).',
      ),
    ).toBeInTheDocument();
    expect(asked.at(-1)).toBe('?count=100&woman=50&man=50&nonbinary=0');

    await user.click(screen.getByRole('button', { name: 'Invite…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Invite 100 people?' });
    expect(within(dialog).getByText(/Balanced: 44 women, 42 men/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText(/Invited 100 people\./)).toBeInTheDocument();
    expect(sent).toEqual([{ count: 100, balance: { woman: 50, man: 50, nonbinary: 0 } }]);
  });

  it('shows the waves, the people per city and the top referrers; a viewer cannot invite', async () => {
    network.on('GET', '/api/admin/verify', () => verified('viewer'));
    renderAdmin('/admin/launch');
    const waves = await screen.findByRole('region', { name: 'Waves' });
    // The address is in parts (it may wrap after its @ and before its dots): matched by the cell's whole text.
    const waveRow = (
      await within(waves).findByText((_, cell) => cell?.tagName === 'TD' && cell.textContent === 'admin@staff.test')
    ).closest('tr')!;
    expect(within(waveRow).getByText('Lisbon')).toBeInTheDocument();
    const byCity = await screen.findByRole('region', { name: 'People by city' });
    expect(within(byCity).getByRole('rowheader', { name: 'Other' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Top referrers' })).getByText('STAR-1')).toBeInTheDocument();
    expect(screen.queryByLabelText('How many')).not.toBeInTheDocument();
    const ticketsCard = await screen.findByRole('region', { name: 'Tickets for friends' });
    expect(
      await within(ticketsCard).findByText(/3 given, 1 used \(0 held by a referral rule\), 0 revoked\./),
    ).toBeInTheDocument();
    expect(within(ticketsCard).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(network.calls.some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('shows the tickets given and used; an admin revokes one with the reason they type', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    network.on('POST', '/api/admin/waitlist/tickets/31/revoke', ({ body }) => {
      sent.push(body);
      return json(200, { ...ticket, state: 'revoked', revokedAt: '2026-03-05T09:00:00.000Z' });
    });
    renderAdmin('/admin/launch');
    const ticketsCard = await screen.findByRole('region', { name: 'Tickets for friends' });
    const row = (
      await within(ticketsCard).findByText(
        (_, cell) => cell?.tagName === 'TD' && cell.textContent === 'friend@example.com',
      )
    ).closest('tr')!;
    expect(within(row).getByText('Used')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this ticket?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('maxlength', '200');
    const confirm = within(dialog).getByRole('button', { name: 'Revoke the ticket' });
    // Nothing typed, or only spaces: nothing to send.
    expect(confirm).toBeDisabled();
    await user.type(reason, '   ');
    expect(confirm).toBeDisabled();
    await user.type(reason, 'shared in a public group  ');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ reason: 'shared in a public group' }]);
  });
});

describe('Settings › Cities', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = signInStaff();
  });

  it('adds a city and removes one after asking', async () => {
    const user = userEvent.setup();
    let items = [lisbon];
    network.on('GET', '/api/admin/waitlist/cities', () => json(200, { items }));
    network.on('POST', '/api/admin/waitlist/cities', ({ body }) => {
      const city = {
        id: 8,
        name: (body as { name: string }).name,
        sort: 0,
        createdAt: lisbon.createdAt,
        people: 0,
        ...noOpening,
      };
      items = [...items, city];
      return json(201, city);
    });
    network.on('DELETE', '/api/admin/waitlist/cities/7', () => {
      items = items.filter((city) => city.id !== 7);
      return noContent();
    });
    renderAdmin('/admin/settings/cities');

    await user.type(await screen.findByLabelText('City name'), 'Porto');
    await user.click(screen.getByRole('button', { name: 'Add city' }));
    expect(await screen.findByRole('rowheader', { name: 'Porto' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Lisbon' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Lisbon' })).not.toBeInTheDocument());
    expect(network.calls).toContain('DELETE /api/admin/waitlist/cities/7');
  });

  it("sets a city's opening, and shows where it stands", async () => {
    const user = userEvent.setup();
    let items = [lisbon];
    const sent: unknown[] = [];
    network.on('GET', '/api/admin/waitlist/cities', () => json(200, { items }));
    network.on('PATCH', '/api/admin/waitlist/cities/7', ({ body }) => {
      sent.push(body);
      const city = {
        ...lisbon,
        ...(body as object),
        opening: { ...lisbon.opening, state: 'waiting' },
      };
      items = [city];
      return json(200, city);
    });
    renderAdmin('/admin/settings/cities');

    const row = (await screen.findByRole('rowheader', { name: 'Lisbon' })).closest('tr')!;
    expect(within(row).getByText('No threshold: opens only by a wave')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Opening of Lisbon' }));
    const dialog = screen.getByRole('dialog', { name: 'Opening of Lisbon' });
    await user.type(within(dialog).getByLabelText('Opening threshold (people)'), '2000');
    await user.clear(within(dialog).getByLabelText('First wave (invitations)'));
    await user.type(within(dialog).getByLabelText('First wave (invitations)'), '500');
    await user.selectOptions(within(dialog).getByLabelText('When it opens'), 'auto');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("Lisbon's opening settings were saved.")).toBeInTheDocument();
    expect(sent).toEqual([{ openingThreshold: 2000, firstWaveSize: 500, openMode: 'auto' }]);
    const updated = (await screen.findByRole('rowheader', { name: 'Lisbon' })).closest('tr')!;
    expect(await within(updated).findByText(/^Waiting: 4 of 2,000$/)).toBeInTheDocument();
    expect(within(updated).getByText('500, at once')).toBeInTheDocument();
  });
});

describe('the dashboard', () => {
  let network: FakeNetwork;
  const awaiting = {
    ...lisbon,
    confirmed: 2000,
    openingThreshold: 2000,
    firstWaveSize: 500,
    opening: { ...lisbon.opening, state: 'awaiting_approval', thresholdReachedAt: '2026-03-02T09:00:00.000Z' },
  };
  beforeEach(() => {
    network = signInStaff();
    network.on('GET', '/api/admin/waitlist/cities', () => json(200, { items: [awaiting] }));
  });

  it('shows a banner for a city awaiting approval, whose button opens it once', async () => {
    const user = userEvent.setup();
    let opened = false;
    network.on('POST', '/api/admin/waitlist/cities/7/open', () => {
      const alreadyOpen = opened;
      opened = true;
      return json(200, {
        city: { ...awaiting, opening: { ...awaiting.opening, state: 'open', openedAt: '2026-03-02T10:00:00.000Z' } },
        alreadyOpen,
        invited: alreadyOpen ? 0 : 500,
      });
    });
    renderAdmin('/admin');
    const banner = await screen.findByRole('region', { name: 'Lisbon awaits its opening' });
    expect(within(banner).getByText(/reached its opening threshold \(2,000 of 2,000 people\)/)).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Open Lisbon' }));
    expect(await screen.findByText('Lisbon is open: 500 invitations are on their way.')).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Open Lisbon' }));
    expect(await screen.findByText('Lisbon is already open: nothing more was sent.')).toBeInTheDocument();
  });
});
