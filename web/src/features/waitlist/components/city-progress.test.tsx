import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPlace } from '../../../testing/factories.js';
import { fakeNetwork, json, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderPage } from '../../../testing/render-page.js';
import { CitiesOpeningList } from './cities-opening-list.js';
import { progressText } from './city-progress-line.js';
import { ConfirmPanel } from './confirm-panel.js';

// The server answers as docs/architecture.md documents: GET /waitlist/cities gives a city with a threshold its progress.
const place = buildPlace({ referralCount: 0, city: { id: 5, name: 'Lisbon' } });
const cities = () => ({
  success: true,
  data: {
    cities: [
      { id: 3, name: 'Berlin' },
      { id: 5, name: 'Lisbon', progress: { confirmed: 1240, threshold: 2000, opened: false } },
      { id: 7, name: 'Porto', progress: { confirmed: 90, threshold: 100, opened: false } },
      { id: 9, name: 'Madrid', progress: { confirmed: 5000, threshold: 4000, opened: true } },
    ],
  },
});

let network: FakeNetwork;
beforeEach(() => {
  network = fakeNetwork();
});
afterEach(() => vi.unstubAllGlobals());

describe("a city's progress toward opening", () => {
  it('reads as a line with its numbers grouped, "opening soon" once reached, and "open" once open', () => {
    const format = new Intl.NumberFormat(undefined);
    expect(progressText('Lisbon', { confirmed: 1240, threshold: 2000, opened: false })).toBe(
      `Lisbon: ${format.format(1240)} of ${format.format(2000)} needed to open.`,
    );
    expect(progressText('Lisbon', { confirmed: 2000, threshold: 2000, opened: false })).toBe(
      `Lisbon: ${format.format(2000)} of ${format.format(2000)} people, opening soon.`,
    );
    expect(progressText('Lisbon', { confirmed: 2100, threshold: 2000, opened: true })).toBe(
      'Lisbon is open: invitations are on their way.',
    );
  });

  it("shows on the person's status page for their city, and follows a new choice", async () => {
    network.on('GET', '/waitlist/confirm', () => json(200, { success: true, data: place }));
    network.on('GET', '/waitlist/cities', () => json(200, cities()));
    network.on('POST', '/waitlist/city', () =>
      json(200, { success: true, data: { ...place, city: { id: 3, name: 'Berlin' } } }),
    );
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    expect(await screen.findByText(/^Lisbon: 1,240 of 2,000 needed to open\.$/)).toBeInTheDocument();
    // Berlin has no threshold: once chosen, nothing is said about its opening.
    const select = screen.getByRole('combobox', { name: 'City' });
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my city' }));
    expect(await screen.findByText('Saved: Berlin.')).toBeInTheDocument();
    expect(screen.queryByText(/needed to open/)).not.toBeInTheDocument();
  });

  it("shows an invited person's city as open", async () => {
    network.on('GET', '/waitlist/confirm', () =>
      json(200, {
        success: true,
        data: { ...place, status: 'invited', position: null, city: { id: 9, name: 'Madrid' } },
      }),
    );
    network.on('GET', '/waitlist/cities', () => json(200, cities()));
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    expect(await screen.findByText('Madrid is open: invitations are on their way.')).toBeInTheDocument();
  });

  it('on the waitlist page, lists the cities not open yet that have a threshold, and nothing else', async () => {
    network.on('GET', '/waitlist/cities', () => json(200, cities()));
    render(<CitiesOpeningList />);
    const list = await screen.findByRole('region', { name: 'Cities opening soon' });
    expect(within(list).getByText(/^Lisbon: 1,240 of 2,000 needed to open\.$/)).toBeInTheDocument();
    expect(within(list).getByText(/^Porto: 90 of 100 needed to open\.$/)).toBeInTheDocument();
    expect(within(list).queryByText(/Berlin|Madrid/)).not.toBeInTheDocument();
  });

  it('on the waitlist page, says nothing when no city has a threshold', async () => {
    network.on('GET', '/waitlist/cities', () =>
      json(200, { success: true, data: { cities: [{ id: 3, name: 'Berlin' }] } }),
    );
    render(<CitiesOpeningList />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.calls).toContain('GET /waitlist/cities');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
