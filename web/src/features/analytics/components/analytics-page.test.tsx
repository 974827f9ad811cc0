import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { lastDays } from '../lib/periods.js';
import { json, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

describe('the Analytics screen', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = signInStaff({ role: 'viewer' });
    network.on('GET', '/api/admin/waitlist/analytics', ({ url }) => {
      const to = url.searchParams.get('to')!;
      return json(200, {
        days: [{ date: to, signups: 12, confirmations: 9 }],
        confirmationRate: 0.75,
        topReferralSources: [
          { source: 'PODCAST', count: 7 },
          { source: 'FRIEND', count: 3 },
        ],
      });
    });
  });

  it('charts the last 30 days by default, with a described SVG and the figures as a table', async () => {
    renderAdmin('/admin/analytics');

    const chart = await screen.findByRole('img', { name: 'Sign-ups and confirmations per day' });
    expect(chart).toHaveAccessibleDescription(/12 sign-ups and 9 confirmations/);
    const { from, to } = lastDays(30);
    expect(network.calls).toContain(`GET /api/admin/waitlist/analytics?from=${from}&to=${to}`);
    // Days the service did not list still appear, as zero.
    const table = screen.getByRole('table', { name: 'Sign-ups and confirmations per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
  });

  it('shows the confirmation rate and the top referral sources', async () => {
    renderAdmin('/admin/analytics');

    expect(await screen.findByRole('region', { name: 'Confirmation rate' })).toHaveTextContent('75%');
    const sources = screen.getByRole('region', { name: 'Top referral sources' });
    expect(
      within(sources)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['PODCAST', 'FRIEND']);
  });

  it('asks for another period when one is picked', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/analytics');
    await screen.findByRole('img', { name: 'Sign-ups and confirmations per day' });

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));

    const { from, to } = lastDays(7);
    await waitFor(() => expect(network.calls).toContain(`GET /api/admin/waitlist/analytics?from=${from}&to=${to}`));
  });
});
