import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, verified, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderAdmin, signInStaff } from '../../../testing/render-admin.js';

describe('the dashboard', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = signInStaff({ role: 'viewer' });
  });

  it('fills Total Users and New Signups Today from the waitlist, and lists the latest activity', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    network.on('GET', '/api/admin/waitlist/stats', () =>
      json(200, {
        total: 1234,
        confirmed: 800,
        today: 17,
        recent: [
          { type: 'confirmation', email: 'ana@example.com', at: minutesAgo(2) },
          { type: 'signup', email: 'ben@example.com', at: minutesAgo(5) },
        ],
      }),
    );
    renderAdmin('/admin');

    const total = await screen.findByRole('region', { name: 'Total Users' }, { timeout: 10_000 });
    expect(await within(total).findByText('1,234')).toBeInTheDocument();
    expect(within(total).getByText(/800 confirmed/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'New Signups Today' })).getByText('17')).toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    const items = within(activity).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('ana@example.com confirmed their address');
    expect(items[0]).toHaveTextContent('2 minutes ago');
    expect(items[1]).toHaveTextContent('ben@example.com joined the waitlist');
  });

  it("shows how long each mail lane's oldest owed mail has waited", async () => {
    network.on('GET', '/api/admin/waitlist/stats', () =>
      json(200, {
        total: 3,
        confirmed: 1,
        today: 1,
        recent: [],
        mailLanes: [
          { lane: 'first', oldestOwedSeconds: 0 },
          { lane: 'invitations', oldestOwedSeconds: 12 },
          { lane: 'others', oldestOwedSeconds: 600 },
        ],
      }),
    );
    renderAdmin('/admin');

    // The panel's route loads lazily: on a busy machine that takes more than findBy's default second.
    const lanes = await screen.findByRole('region', { name: 'Mail owed, by lane' }, { timeout: 10_000 });
    const items = within(lanes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Confirmations and data links none owed');
    expect(items[1]).toHaveTextContent('Invitations oldest waiting 12 s');
    expect(items[2]).toHaveTextContent('Welcome and other mail oldest waiting 10 min');
  });

  it('shows how many wait for review, when it was updated, and the count in the side menu for admins', async () => {
    network.on('GET', '/api/admin/verify', () => verified('admin'));
    network.on('GET', '/api/admin/waitlist/stats', () => json(200, { total: 3, confirmed: 1, today: 1, recent: [] }));
    network.on('GET', '/api/admin/waitlist/review/count', () => json(200, { entries: 2, credits: 3, total: 5 }));
    renderAdmin('/admin');

    const review = await screen.findByRole('region', { name: 'Waiting for review' }, { timeout: 10_000 });
    expect(await within(review).findByText('5')).toBeInTheDocument();
    expect(within(review).getByRole('link', { name: 'Open the review queue' })).toHaveAttribute(
      'href',
      '/admin/settings/review',
    );
    expect(await screen.findByText(/^Updated \d+ s ago/)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(menu).getByRole('link', { name: 'Review queue 5 waiting' })).toBeInTheDocument();
  });

  it('says plainly that matching starts at launch instead of inventing a number of matches', async () => {
    network.on('GET', '/api/admin/waitlist/stats', () => json(200, { total: 3, confirmed: 1, today: 1, recent: [] }));
    renderAdmin('/admin');

    const matches = await screen.findByRole('region', { name: 'Active Matches' });
    expect(matches).toHaveTextContent('Matching starts when the app launches.');
    expect(matches).not.toHaveTextContent(/\d/);
  });

  it('shows the placeholder when there is no activity yet', async () => {
    network.on('GET', '/api/admin/waitlist/stats', () => json(200, { total: 0, confirmed: 0, today: 0, recent: [] }));
    renderAdmin('/admin');

    expect(await screen.findByText('Activity feed will be displayed here...')).toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded, without breaking the page', async () => {
    network.on('GET', '/api/admin/waitlist/stats', () =>
      json(503, {
        success: false,
        code: 'unavailable',
        message: 'Sign-in cannot be checked right now. Please try again shortly.',
      }),
    );
    renderAdmin('/admin');

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the waitlist figures');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
