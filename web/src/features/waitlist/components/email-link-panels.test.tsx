import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPlace } from '../../../testing/factories.js';
import { renderPage } from '../../../testing/render-page.js';
import { ConfirmPanel } from './confirm-panel.js';
import { UnsubscribePanel } from './unsubscribe-panel.js';

// The server is outside this unit: fetch answers as the waitlist API documents (docs/architecture.md).
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const entry = buildPlace({ position: 12, referralCount: 0, lineLength: 42, behind: 0 });

const body = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as unknown;

beforeEach(() => {
  fetchMock.mockReset();
  // The confirmed page also loads the city list (its own endpoint, not what these tests are about): it is answered
  // apart, so fetchMock's calls are the confirmation link's alone.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/waitlist/cities'
      ? Promise.resolve(json(200, { data: { cities: [] } }))
      : fetchMock(input, init),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ConfirmPanel', () => {
  const pending = () => json(200, { success: true, data: { status: 'pending', email: entry.email } });

  it('on opening only reads the link (GET) and asks for the click; nothing is confirmed without it', async () => {
    fetchMock.mockResolvedValue(pending());
    renderPage(<ConfirmPanel />, '/confirm?token=tok-123');
    expect(await screen.findByRole('button', { name: 'Confirm my address' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getByText(entry.email)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/waitlist/confirm?token=tok-123');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('the click POSTs the token and says plainly that the address is confirmed, with the referral code and share link', async () => {
    fetchMock
      .mockResolvedValueOnce(pending())
      .mockResolvedValueOnce(json(200, { success: true, message: 'Confirmed', data: entry }))
      .mockResolvedValue(json(200, { success: true, data: entry }));
    renderPage(<ConfirmPanel />, '/confirm?token=tok-123');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/waitlist/confirm');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(body(1)).toEqual({ token: 'tok-123' });
    expect(screen.getByText(/Thank you! We have confirmed/)).toBeInTheDocument();
    expect(screen.getByText('ADA-7K2Q')).toBeInTheDocument();
    expect(screen.getByText(entry.shareUrl)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy share link' })).toBeInTheDocument();
  });

  it('reopened after confirming, shows the code again without asking or POSTing', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: entry }));
    renderPage(<ConfirmPanel />, '/confirm?token=tok-123');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You had already confirmed/)).toBeInTheDocument();
    expect(screen.getByText('ADA-7K2Q')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm my address' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([, init]) => init?.method === 'GET')).toBe(true);
  });

  it('a click on a link confirmed meanwhile (409 with data) still shows the code', async () => {
    fetchMock
      .mockResolvedValueOnce(pending())
      .mockResolvedValueOnce(
        json(409, { success: false, code: 'token_used', message: 'Already confirmed', data: entry }),
      );
    renderPage(<ConfirmPanel />, '/confirm?token=tok-123');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ADA-7K2Q')).toBeInTheDocument();
  });

  it('offers a new mail for an expired link, sent with the same token', async () => {
    fetchMock
      .mockResolvedValueOnce(json(410, { success: false, code: 'token_expired', message: 'Expired' }))
      .mockResolvedValueOnce(json(200, { success: true, message: 'If a confirmation is due, it is on its way.' }));
    renderPage(<ConfirmPanel />, '/confirm?token=old-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This confirmation link has expired' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText(/a new confirmation e-mail is on its way/)).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/waitlist/resend');
    expect(body(1)).toEqual({ token: 'old-token' });
  });

  it('explains an unknown link and links to the waitlist', async () => {
    fetchMock.mockResolvedValue(json(404, { success: false, code: 'token_invalid', message: 'Unknown' }));
    renderPage(<ConfirmPanel />, '/confirm?token=nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: "This confirmation link isn't valid" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', '/waitlist');
  });

  it('sends nothing without a token', async () => {
    renderPage(<ConfirmPanel />, '/confirm');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This confirmation link is incomplete' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('UnsubscribePanel', () => {
  const link = (email: string | null, done: boolean) => json(200, { success: true, data: { email, done } });

  it('on opening only reads the link: names the address and what goes with it; the button POSTs the token', async () => {
    fetchMock.mockResolvedValueOnce(link('ada@example.com', false));
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: 'Unsubscribed' }));
    renderPage(<UnsubscribePanel />, '/unsubscribe?token=tok-9');
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(fetchMock.mock.calls.map((call) => [String(call[0]), call[1]?.method ?? 'GET'])).toEqual([
      ['/waitlist/unsubscribe/link?token=tok-9', 'GET'],
    ]);
    expect(screen.getByText(/stop sending/).textContent).toContain('ada@example.com');
    expect(
      screen.getByText(/its place in line, its referral code and the friends credited to it are erased with it/),
    ).toBeInTheDocument();
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/waitlist/unsubscribe');
    expect(body(1)).toEqual({ token: 'tok-9' });
  });

  it('a link used before says it is done, with no button', async () => {
    fetchMock.mockResolvedValueOnce(link('ada@example.com', true));
    renderPage(<UnsubscribePanel />, '/unsubscribe?token=tok-9');
    expect(await screen.findByRole('heading', { level: 1, name: 'You have already unsubscribed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('a place link of a removed entry says it was removed, not that it was copied in part', async () => {
    fetchMock.mockResolvedValueOnce(
      json(410, { success: false, code: 'entry_removed', message: 'This entry has been removed.' }),
    );
    renderPage(<ConfirmPanel />, '/confirm?token=tok-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This entry was removed from the waitlist' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/copied only in part/)).not.toBeInTheDocument();
  });
});
