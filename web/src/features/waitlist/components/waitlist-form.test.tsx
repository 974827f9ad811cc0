import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.js';
import { ApiError } from '../../../lib/api-client.js';
import { WaitlistForm } from './waitlist-form.js';
import { waitlistErrorMessage } from './waitlist-messages.js';

// fetch is the edge to the server, which is outside this unit: each test scripts its answers.
const fetchMock = vi.fn<typeof fetch>();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const joined = () => json(200, { success: true, message: 'Successfully joined the waitlist!', data: { email: 'x' } });

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
function hangingFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

function renderForm(url = '/waitlist') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <WaitlistForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const emailField = () => screen.getByLabelText('Email address');
const referralField = () => screen.getByLabelText('Referral code');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Lets in-flight work (response bodies, React updates) finish without moving the fake clock. */
async function settle() {
  for (let round = 0; round < 10; round += 1) {
    await act(async () => {
      await new Promise((done) => setImmediate(done));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

function submit(email = 'ada@example.com', referral?: string) {
  fireEvent.change(emailField(), { target: { value: email } });
  if (referral !== undefined) fireEvent.change(referralField(), { target: { value: referral } });
  fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
}

function sentBody(call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body));
}

beforeEach(() => {
  // Only the clocks the form reads: Node's streams (Response bodies) keep their real setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('WaitlistForm', () => {
  it('while sending, disables both fields and the button, which reads "Joining..."', async () => {
    fetchMock.mockImplementation(hangingFetch);
    renderForm();
    submit();
    await advance(0);
    expect(screen.getByRole('button', { name: 'Joining...' })).toBeDisabled();
    expect(emailField()).toBeDisabled();
    expect(referralField()).toBeDisabled();
  });

  it('posts {email} to /waitlist as JSON, leaving out an empty referral code', async () => {
    fetchMock.mockResolvedValue(joined());
    renderForm();
    submit('  ada@example.com ');
    await advance(0);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/waitlist');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(sentBody()).toEqual({ email: 'ada@example.com' });
  });

  it('sends the referral code as referralSource, pre-filled from ?ref=', async () => {
    fetchMock.mockResolvedValue(joined());
    renderForm('/waitlist?ref=ANNA-7K2Q');
    await advance(0);
    expect(referralField()).toHaveValue('ANNA-7K2Q');
    submit();
    await advance(0);
    expect(sentBody()).toEqual({ email: 'ada@example.com', referralSource: 'ANNA-7K2Q' });
  });

  it('on success shows the thank-you for 5 s, then brings the form back with empty fields', async () => {
    fetchMock.mockResolvedValue(joined());
    renderForm();
    submit('ada@example.com', 'FRIEND1');
    await settle();
    expect(screen.getByRole('heading', { name: "You're on the list!" })).toBeInTheDocument();
    expect(
      screen.getByText("We'll notify you when the dating app launches. Get ready to find your perfect match!"),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();

    await advance(4_999);
    expect(screen.getByRole('heading', { name: "You're on the list!" })).toBeInTheDocument();
    await advance(1);
    await settle();
    expect(screen.queryByRole('heading', { name: "You're on the list!" })).not.toBeInTheDocument();
    expect(emailField()).toHaveValue('');
    expect(referralField()).toHaveValue('');
    expect(emailField()).toBeEnabled();
    expect(emailField()).toHaveFocus();
  });

  it("shows the server's message in the error box for 5 s, without retrying a refused request", async () => {
    fetchMock.mockResolvedValue(json(429, { success: false, code: 'rate_limited', message: 'Too many sign-ups. Try again in a minute.' }));
    renderForm();
    submit();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many sign-ups. Try again in a minute.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(emailField()).toBeEnabled();
    expect(emailField()).toHaveValue('ada@example.com');

    await advance(4_999);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await advance(1);
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('retries a failing server once, then shows "Failed to join waitlist" when it said nothing', async () => {
    fetchMock.mockImplementation(async () => new Response('Bad gateway', { status: 502 }));
    renderForm();
    submit();
    await advance(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to join waitlist');
  });

  it('succeeds when the one retry gets through', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { success: false, message: 'Unavailable' })).mockResolvedValueOnce(joined());
    renderForm();
    submit();
    await advance(2_000);
    expect(screen.getByRole('heading', { name: "You're on the list!" })).toBeInTheDocument();
  });

  it('shows an error when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderForm();
    submit();
    await advance(2_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to join waitlist');
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeEnabled();
  });

  it('gives up 10 s after the click when the server never answers, and the form is usable again', async () => {
    fetchMock.mockImplementation(hangingFetch);
    renderForm();
    submit();
    await settle();
    await advance(9_999);
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Joining...' })).toBeDisabled();
    await advance(1);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to join waitlist');
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeEnabled();
    expect(emailField()).toBeEnabled();
  });

  it('counts the retry inside the same 10 s: a slow failure followed by a hanging retry still ends at 10 s', async () => {
    fetchMock
      .mockImplementationOnce(
        () => new Promise((resolve) => setTimeout(() => resolve(new Response('', { status: 500 })), 9_500)),
      )
      .mockImplementation(hangingFetch);
    renderForm();
    submit();
    await settle();
    await advance(9_500);
    await settle();
    await advance(500);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to join waitlist');
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(2);
  });
});

describe('the error message', () => {
  it("prefers the server's message, then the generic failure, then the catch-all", () => {
    expect(waitlistErrorMessage(new ApiError('http', { serverMessage: 'Please enter a valid e-mail address.', status: 400 }))).toBe(
      'Please enter a valid e-mail address.',
    );
    expect(waitlistErrorMessage(new ApiError('http', { status: 500 }))).toBe('Failed to join waitlist');
    expect(waitlistErrorMessage(new ApiError('timeout'))).toBe('Failed to join waitlist');
    expect(waitlistErrorMessage(new Error(''))).toBe('Something went wrong. Please try again.');
    expect(waitlistErrorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
});
