import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildInvitation, buildPlace } from '../../../testing/factories.js';
import { fakeNetwork, json, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderPage } from '../../../testing/render-page.js';
import { heldTicket } from '../lib/held-ticket.js';
import { ConfirmPanel } from './confirm-panel.js';
import { InvitationPanel } from './invitation-panel.js';
import { WaitlistForm } from './waitlist-form.js';

// The server is outside this unit: it answers as the tickets' calls are declared (decision 036).
const CODE = 'T'.repeat(43);
const ticketUrl = (code: string) => `http://localhost:8080/waitlist?ticket=${code}`;
const invitation = buildInvitation({
  status: 'admitted',
  invitedAt: '2026-03-01T09:00:00.000Z',
  admittedAt: '2026-03-02T09:00:00.000Z',
  city: { id: 5, name: 'Lisbon' },
});
const place = buildPlace({
  email: 'bea@example.com',
  referralCode: 'BEA-7K2Q',
  shareUrl: 'http://localhost:8080/waitlist?ref=BEA-7K2Q',
  referralCount: 0,
});

let network: FakeNetwork;
beforeEach(() => {
  network = fakeNetwork();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the member's invitation page", () => {
  it('lists their ticket links once admitted: the open ones to copy, the others as used or withdrawn', async () => {
    network.on('GET', '/waitlist/invitation', () => json(200, { success: true, data: invitation }));
    network.on('GET', '/waitlist/tickets', () =>
      json(200, {
        success: true,
        data: {
          tickets: [
            { url: ticketUrl('A'.repeat(43)), state: 'open' },
            { url: ticketUrl('B'.repeat(43)), state: 'used' },
            { url: ticketUrl('C'.repeat(43)), state: 'revoked' },
          ],
        },
      }),
    );
    renderPage(<InvitationPanel />, '/invitation?token=inv-1');
    const card = await screen.findByRole('region', { name: 'Tickets for your friends' });
    expect(within(card).getByText(/You have 1 ticket left\./)).toBeInTheDocument();
    expect(within(card).getByText(ticketUrl('A'.repeat(43)))).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy ticket 1' })).toBeInTheDocument();
    expect(within(card).getByText('Used by a friend')).toBeInTheDocument();
    expect(within(card).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(card).queryByText(ticketUrl('B'.repeat(43)))).not.toBeInTheDocument();
    expect(network.calls).toContain('GET /waitlist/tickets?token=inv-1');
  });
});

describe('the waitlist page opened by a ticket link', () => {
  beforeEach(() => {
    network.on('GET', '/waitlist/challenge', () => json(200, { required: false, challenge: null }));
  });

  it('says what the ticket does and joins with it, keeping it for the place page', async () => {
    network.on('GET', '/waitlist/ticket', () => json(200, { success: true, data: { state: 'open' } }));
    let sent: unknown;
    network.on('POST', '/waitlist', ({ body }) => {
      sent = body;
      return json(200, { success: true, message: 'Joined.' });
    });
    renderPage(<WaitlistForm />, `/waitlist?ticket=${CODE}`);
    expect(await screen.findByText('A member gave you a ticket.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'bea@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(sent).toEqual({ email: 'bea@example.com', ticket: CODE }));
    expect(heldTicket()).toBe(CODE);
  });

  it.each([
    ['used', 'This ticket has been used already.'],
    ['revoked', 'This ticket has been withdrawn'],
  ])('a %s ticket says so, and the sign-up goes without it', async (state, words) => {
    network.on('GET', '/waitlist/ticket', () => json(200, { success: true, data: { state } }));
    let sent: unknown;
    network.on('POST', '/waitlist', ({ body }) => {
      sent = body;
      return json(200, { success: true, message: 'Joined.' });
    });
    renderPage(<WaitlistForm />, `/waitlist?ticket=${CODE}`);
    expect(await screen.findByText(words)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'cai@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(sent).toEqual({ email: 'cai@example.com' }));
    expect(heldTicket()).toBeNull();
  });
});

describe('the place page with a ticket kept in this browser', () => {
  beforeEach(() => {
    localStorage.setItem('mmdm.ticket', CODE);
    network.on('GET', '/waitlist/confirm', () => json(200, { success: true, data: place }));
    network.on('GET', '/waitlist/cities', () => json(200, { success: true, data: { cities: [] } }));
  });

  it('uses it for the place with the link’s token, and says the next wave invites them first', async () => {
    let sent: unknown;
    network.on('POST', '/waitlist/ticket/attach', ({ body }) => {
      sent = body;
      return json(200, { success: true, data: { state: 'used' } });
    });
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Use my ticket' }));
    expect(await screen.findByText('Your ticket is in.')).toBeInTheDocument();
    expect(sent).toEqual({ token: 'tok-1', ticket: CODE });
    expect(heldTicket()).toBeNull();
  });

  it('says why a ticket cannot be used (their own)', async () => {
    network.on('POST', '/waitlist/ticket/attach', () =>
      json(409, { success: false, code: 'ticket_own', message: 'This is your own ticket.' }),
    );
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Use my ticket' }));
    expect(await screen.findByText('This is your own ticket: give it to a friend instead.')).toBeInTheDocument();
  });
});
