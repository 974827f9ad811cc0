import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonalData } from '@mmdm/contracts/privacy';
import { buildPersonalData } from '../../../testing/factories.js';
import { fakeNetwork, json } from '../../../testing/fake-network.js';
import { renderPage } from '../../../testing/render-page.js';
import { YourDataPanel } from './your-data-panel.js';

const TOKEN = 'a'.repeat(43);
const SESSION = 'b'.repeat(43);

const data = buildPersonalData();

afterEach(() => vi.unstubAllGlobals());

describe('the "Your data" page', () => {
  it('asks for an address and says the same thing whatever the answer, without telling whether it is listed', async () => {
    const network = fakeNetwork();
    network.on('POST', '/waitlist/data-access', () =>
      json(200, { success: true, message: 'If this address is on our waitlist…' }),
    );
    renderPage(<YourDataPanel />, '/your-data');
    expect(screen.getByRole('heading', { level: 1, name: 'Your data' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your e-mail address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If this address is on our waitlist, we have just sent it a link to its data. The link works once, for one hour.',
    );
    expect(network.calls).toEqual(['POST /waitlist/data-access']);
  });

  it('says so when the network is throttled (429)', async () => {
    const network = fakeNetwork();
    network.on('POST', '/waitlist/data-access', () =>
      json(429, { success: false, code: 'rate_limited', message: 'Too many' }, { 'Retry-After': '60' }),
    );
    renderPage(<YourDataPanel />, '/your-data');
    await userEvent.type(screen.getByLabelText('Your e-mail address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests from your network');
  });

  it('opening the link changes nothing until "Show my data" is pressed; then it shows everything held', async () => {
    const network = fakeNetwork();
    network.on('POST', '/waitlist/your-data/open', () =>
      json(200, { success: true, data, session: SESSION, sessionExpiresAt: '2026-11-25T10:15:00.000Z' }),
    );
    renderPage(<YourDataPanel />, `/your-data?token=${TOKEN}`);
    const show = await screen.findByRole('button', { name: 'Show my data' });
    expect(network.calls).toEqual([]);
    await userEvent.click(show);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your data' })).toBeInTheDocument();
    expect(network.calls).toEqual(['POST /waitlist/your-data/open']);
    for (const value of [
      'ada@example.com',
      'ADA7K2Q9',
      'FRIEND01',
      '1,234',
      'Lisbon',
      'Deutsch',
      'sha256-59b9a38486edc442',
      'Ada: Will Porto be in the first wave?',
      'non-binary, hoping to meet everyone (kept sealed until you are invited, leave or withdraw it on your place page)',
    ]) {
      expect(screen.getByText(value)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Download as JSON' })).toBeInTheDocument();
  });

  it('shows what was decided about the person: the review and why, a held or refused credit and why, the wave', async () => {
    const network = fakeNetwork();
    const decided: PersonalData = {
      ...data,
      status: 'invited',
      review: { state: 'approved', reasons: ['dns_unavailable'] },
      credits: {
        ...data.credits,
        received: [
          {
            state: 'held',
            reason: 'held',
            rule: 'same_network',
            at: '2026-11-03T10:00:00.000Z',
            decidedAt: null,
            decidedBy: null,
          },
          {
            state: 'refused',
            reason: 'rejected_in_review',
            rule: 'same_device',
            at: '2026-11-03T11:00:00.000Z',
            decidedAt: '2026-11-04T09:00:00.000Z',
            decidedBy: 'staff',
          },
        ],
      },
      invitationWave: { id: 7, at: '2026-11-20T12:00:00.000Z', city: 'Lisbon' },
    };
    network.on('POST', '/waitlist/your-data/open', () =>
      json(200, { success: true, data: decided, session: SESSION, sessionExpiresAt: '2026-11-25T10:15:00.000Z' }),
    );
    renderPage(<YourDataPanel />, `/your-data?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Show my data' }));
    const value = async (term: string) =>
      (await screen.findByText(term, { selector: 'dt' })).nextElementSibling?.textContent ?? '';
    expect(await value('Review of your sign-up')).toMatch(/^approved by our staff \(it was held: we could not check/);
    expect(await value('Credit from a friend (1)')).toMatch(/^held \(many sign-ups came from the same network; /);
    expect(await value('Credit from a friend (2)')).toMatch(
      /^refused \(many sign-ups came from the same device, decided by our staff; /,
    );
    expect(await value('Invitation wave')).toMatch(/^wave 7 of .*, Lisbon$/);
  });

  it('deletes only after the second, confirming click, then says everything is erased', async () => {
    const network = fakeNetwork();
    network.on('POST', '/waitlist/your-data/open', () =>
      json(200, { success: true, data, session: SESSION, sessionExpiresAt: '2026-11-25T10:15:00.000Z' }),
    );
    let erasedWith: unknown;
    network.on('POST', '/waitlist/your-data/erase', ({ body }) => {
      erasedWith = body;
      return json(200, { success: true, message: 'Erased.' });
    });
    renderPage(<YourDataPanel />, `/your-data?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Show my data' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete everything now' }));
    expect(network.calls).not.toContain('POST /waitlist/your-data/erase');
    expect(screen.getByRole('heading', { name: 'Delete everything now?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my data' }));
    expect(network.calls).not.toContain('POST /waitlist/your-data/erase');

    await userEvent.click(screen.getByRole('button', { name: 'Delete everything now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete everything' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Everything is erased' })).toBeInTheDocument();
    expect(erasedWith).toEqual({ session: SESSION });
    expect(screen.getByRole('link', { name: 'Join the waitlist again' })).toHaveAttribute('href', '/waitlist');
  });

  it.each([
    [409, 'token_used', 'This link has already been used'],
    [410, 'token_expired', 'This link has expired'],
    [404, 'token_invalid', "This link isn't valid"],
  ])('a link answered %i (%s) is explained, with a way to ask for a new one', async (status, code, heading) => {
    const network = fakeNetwork();
    network.on('POST', '/waitlist/your-data/open', () => json(status, { success: false, code, message: 'No.' }));
    renderPage(<YourDataPanel />, `/your-data?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Show my data' }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeInTheDocument();
  });
});
