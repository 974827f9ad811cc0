import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildInvitation, buildPlace } from '../../../testing/factories.js';
import { fakeNetwork, json, type FakeNetwork } from '../../../testing/fake-network.js';
import { renderPage } from '../../../testing/render-page.js';
import { ConfirmPanel } from './confirm-panel.js';
import { InvitationPanel } from './invitation-panel.js';

// The server is outside this unit: it answers as docs/architecture.md documents (PlaceStatus, invitations).
const place = buildPlace();
const cities = {
  success: true,
  data: {
    cities: [
      { id: 3, name: 'Berlin' },
      { id: 5, name: 'Lisbon' },
    ],
  },
};

let network: FakeNetwork;
beforeEach(() => {
  network = fakeNetwork();
});
afterEach(() => vi.unstubAllGlobals());

describe('the confirmation link as the person’s own page', () => {
  it('after the click shows the place as #N, the friends credited, the rule and why the place is what it is', async () => {
    network.on('GET', '/waitlist/confirm', () =>
      json(200, { success: true, data: { status: 'pending', email: place.email } }),
    );
    network.on('POST', '/waitlist/confirm', () => json(200, { success: true, data: { ...place, referralCount: 0 } }));
    network.on('GET', '/waitlist/cities', () => json(200, cities));
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    expect(await screen.findByText('#42')).toBeInTheDocument();
    expect(screen.getByText('0 friends credited')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Each friend who joins with your link and confirms moves you 10 places up; ties go by confirmation time.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Confirmed on 3 March 2026; no friend has joined with your link yet.')).toBeInTheDocument();
    expect(screen.getByText('ADA-7K2Q')).toBeInTheDocument();
  });

  it('reopened later, shows the current place and explains the friends’ boost, without POSTing', async () => {
    network.on('GET', '/waitlist/confirm', () => json(200, { success: true, data: place }));
    network.on('GET', '/waitlist/cities', () => json(200, cities));
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    expect(await screen.findByText('#42')).toBeInTheDocument();
    expect(screen.getByText('3 friends credited')).toBeInTheDocument();
    expect(screen.getByText('Confirmed on 3 March 2026, 3 friends joined: 30 places up.')).toBeInTheDocument();
    expect(network.calls.every((call) => call.startsWith('GET '))).toBe(true);
  });

  it('saves the chosen city with the link’s token and nothing else', async () => {
    const sent: unknown[] = [];
    network.on('GET', '/waitlist/confirm', () => json(200, { success: true, data: place }));
    network.on('GET', '/waitlist/cities', () => json(200, cities));
    network.on('POST', '/waitlist/city', ({ body }) => {
      sent.push(body);
      return json(200, { success: true, data: { ...place, city: { id: 5, name: 'Lisbon' } } });
    });
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    const select = await screen.findByRole('combobox', { name: 'City' });
    expect(within(select).getByRole('option', { name: 'Other' })).toBeInTheDocument();
    fireEvent.change(select, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my city' }));
    expect(await screen.findByText('Saved: Lisbon.')).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'tok-1', cityId: 5 }]);
  });

  it('shows the language of the mails, each by its own name, and saves another with the link’s token', async () => {
    const sent: unknown[] = [];
    network.on('GET', '/waitlist/confirm', () => json(200, { success: true, data: { ...place, language: 'es' } }));
    network.on('GET', '/waitlist/cities', () => json(200, cities));
    network.on('POST', '/waitlist/language', ({ body }) => {
      sent.push(body);
      return json(200, { success: true, data: { ...place, language: 'de' } });
    });
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('es');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español', 'Português', 'Deutsch', 'Français']);
    fireEvent.change(select, { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my language' }));
    expect(await screen.findByText('Saved: Deutsch.')).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'tok-1', language: 'de' }]);
  });

  it('"Other" is sent as other; the chosen city is preselected when the link is reopened', async () => {
    const sent: unknown[] = [];
    network.on('GET', '/waitlist/confirm', () =>
      json(200, { success: true, data: { ...place, city: { id: 3, name: 'Berlin' } } }),
    );
    network.on('GET', '/waitlist/cities', () => json(200, cities));
    network.on('POST', '/waitlist/city', ({ body }) => {
      sent.push(body);
      return json(200, { success: true, data: { ...place, cityOther: true } });
    });
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    const select = await screen.findByRole('combobox', { name: 'City' });
    expect(select).toHaveValue('3');
    fireEvent.change(select, { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my city' }));
    expect(await screen.findByText('Saved: another city.')).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'tok-1', cityId: 'other' }]);
  });

  it('an invited person is told so instead of a place', async () => {
    network.on('GET', '/waitlist/confirm', () =>
      json(200, { success: true, data: { ...place, status: 'invited', position: null } }),
    );
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: "You're invited!" })).toBeInTheDocument();
    expect(screen.queryByText(/#\d/)).not.toBeInTheDocument();
    // No promise that friends move them any more.
    expect(screen.queryByText(/move you up/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Bring your friends along' })).toBeInTheDocument();
  });

  it('shows the whole picture: the line, who is behind, friends credited, not confirmed yet and held, and why', async () => {
    network.on('GET', '/waitlist/confirm', () =>
      json(200, { success: true, data: { ...place, friendsPending: 2, friendsHeld: 1 } }),
    );
    network.on('GET', '/waitlist/cities', () => json(200, cities));
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    expect(await screen.findByText('of 1,234 people in line · 1,192 people behind you')).toBeInTheDocument();
    expect(screen.getByText('3 friends credited')).toBeInTheDocument();
    expect(screen.getByText(/^2 friends joined and have not confirmed yet/)).toBeInTheDocument();
    expect(
      screen.getByText(/^1 friend held for a check\. We check a friend’s sign-up by hand when/),
    ).toBeInTheDocument();
  });

  it('offers WhatsApp, SMS, e-mail and X links with the message, and the device’s share sheet where there is one', async () => {
    const shared: ShareData[] = [];
    vi.stubGlobal('navigator', { ...navigator, share: (data: ShareData) => (shared.push(data), Promise.resolve()) });
    network.on('GET', '/waitlist/confirm', () => json(200, { success: true, data: place }));
    network.on('GET', '/waitlist/cities', () => json(200, cities));
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    const links = within(await screen.findByRole('list', { name: 'Share with' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['WhatsApp', 'SMS', 'E-mail', 'X']);
    for (const link of links) expect(decodeURIComponent(link.getAttribute('href')!)).toContain(place.shareUrl);
    fireEvent.click(await screen.findByRole('button', { name: 'Share my link' }));
    expect(shared).toEqual([expect.objectContaining({ url: place.shareUrl })]);
  });

  it('an admitted person is told they are in', async () => {
    network.on('GET', '/waitlist/confirm', () =>
      json(200, { success: true, data: { ...place, status: 'admitted', position: null } }),
    );
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: "You're in!" })).toBeInTheDocument();
  });
});

describe('InvitationPanel', () => {
  const invitation = buildInvitation({
    stores: {
      appStore: 'https://apps.apple.com/app/id1',
      playStore: 'https://play.google.com/store/apps/details?id=x',
    },
  });

  it('welcomes the person with badges to the stores; only the click accepts, then says they are in', async () => {
    network.on('GET', '/waitlist/invitation', () => json(200, { success: true, data: invitation }));
    network.on('POST', '/waitlist/invitation/accept', () =>
      json(200, { success: true, data: { ...invitation, status: 'admitted', admittedAt: '2026-04-02T09:00:00.000Z' } }),
    );
    renderPage(<InvitationPanel />, '/invitation?token=inv-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're invited to Meet Match Date Marry" }),
    ).toBeInTheDocument();
    const badges = within(screen.getByRole('list', { name: 'Get the app' })).getAllByRole('link');
    expect(badges.map((badge) => badge.getAttribute('href'))).toEqual([
      invitation.stores.appStore,
      invitation.stores.playStore,
    ]);
    expect(network.calls).toEqual(['GET /waitlist/invitation?token=inv-1']);
    fireEvent.click(screen.getByRole('button', { name: 'Accept my invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're in!" })).toBeInTheDocument();
    expect(network.calls).toContain('POST /waitlist/invitation/accept');
    expect(screen.queryByRole('button', { name: 'Accept my invitation' })).not.toBeInTheDocument();
  });

  it('before the apps are out, says when and how the person hears next instead of badges back to the waitlist', async () => {
    const early = { ...invitation, stores: { appStore: null, playStore: null } };
    network.on('GET', '/waitlist/invitation', () => json(200, { success: true, data: early }));
    renderPage(<InvitationPanel />, '/invitation?token=inv-1');
    expect(
      await screen.findByText(
        /The apps are not in the App Store and Google Play yet\. The day they are, we will e-mail/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Get the app' })).not.toBeInTheDocument();
  });

  it('an invitation already accepted shows the admitted page without asking again', async () => {
    network.on('GET', '/waitlist/invitation', () =>
      json(200, { success: true, data: { ...invitation, status: 'admitted', admittedAt: '2026-04-02T09:00:00.000Z' } }),
    );
    renderPage(<InvitationPanel />, '/invitation?token=inv-1');
    expect(await screen.findByRole('heading', { level: 1, name: "You're in!" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept my invitation' })).not.toBeInTheDocument();
  });

  it('explains an unknown invitation link', async () => {
    network.on('GET', '/waitlist/invitation', () =>
      json(404, { success: false, code: 'token_invalid', message: 'Unknown' }),
    );
    renderPage(<InvitationPanel />, '/invitation?token=nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: "This invitation link isn't valid" }),
    ).toBeInTheDocument();
  });

  it('sends nothing without a token', async () => {
    renderPage(<InvitationPanel />, '/invitation');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation link is incomplete' }),
    ).toBeInTheDocument();
    expect(network.calls).toEqual([]);
  });
});
