import { act, fireEvent, render, screen } from '@testing-library/react';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.js';
import { WaitlistForm } from './waitlist-form.js';
import { waitlistErrorMessage } from './waitlist-messages.js';

// fetch is the edge to the server, which is outside this unit: each test scripts its answers. The sign-up's calls
// go to fetchMock; the form's background call for a proof-of-work challenge to challengeMock (by default the
// service asks for none, as with SIGNUP_CHALLENGE=off).
const fetchMock = vi.fn<typeof fetch>();
const challengeMock = vi.fn<typeof fetch>();
/** GET /waitlist/referral?code=: the share link's code check (by default: someone's code, boost 10). */
const referralMock = vi.fn<typeof fetch>();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const joined = () => json(200, { success: true, message: 'Successfully joined the waitlist!', data: { email: 'x' } });

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
function hangingFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

const page = (url = '/waitlist') => (
  <MemoryRouter initialEntries={[url]}>
    <WaitlistForm />
  </MemoryRouter>
);

function renderForm(url = '/waitlist') {
  return render(page(url));
}

const emailField = () => screen.getByLabelText('Email address');
const referralField = () => screen.getByLabelText('Referral code');
// Zero time lets in-flight work finish, the requests' modules (loaded with the first call) included.
const advance = (ms: number) => (ms === 0 ? settle() : act(() => vi.advanceTimersByTimeAsync(ms)));

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

beforeAll(async () => {
  // The form loads its requests with their first call; loaded once here, each test's wait is for the request itself.
  await Promise.all([
    import('../api/get-signup-challenge.js'),
    import('../api/join-waitlist-request.js'),
    import('../api/check-referral-code-request.js'),
  ]);
});

beforeEach(() => {
  // Only the clocks the form reads: Node's streams (Response bodies) keep their real setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  fetchMock.mockReset();
  challengeMock.mockReset();
  challengeMock.mockImplementation(async () => json(200, { required: false, challenge: null }));
  referralMock.mockReset();
  referralMock.mockImplementation(async () => json(200, { success: true, data: { valid: true, boost: 10 } }));
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/waitlist/challenge') return challengeMock(input, init);
    if (url.startsWith('/waitlist/referral?')) return referralMock(input, init);
    return fetchMock(input, init);
  });
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
    await settle();
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
    // What to do next, with the address as typed: nothing counts before the link in the mail is opened.
    expect(screen.getByRole('status')).toHaveTextContent(
      'We sent a confirmation link to ada@example.com. Open it to get your place in line.',
    );

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
    fetchMock.mockResolvedValue(
      json(429, { success: false, code: 'rate_limited', message: 'Too many sign-ups. Try again in a minute.' }),
    );
    renderForm();
    submit();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many sign-ups. Try again in a minute.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(emailField()).toBeEnabled();
    expect(emailField()).toHaveValue('ada@example.com');
    // The field is marked while the box shows, and its description is the box's message.
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Too many sign-ups. Try again in a minute.');

    await advance(4_999);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await advance(1);
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(emailField()).not.toHaveAttribute('aria-invalid');
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
    fetchMock
      .mockResolvedValueOnce(json(503, { success: false, message: 'Unavailable' }))
      .mockResolvedValueOnce(joined());
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

describe('arriving by a share link (?ref=)', () => {
  it('says a friend invited the visitor and what the code does for both, without naming the friend', async () => {
    renderForm('/waitlist?ref=ANNA-7K2Q');
    await settle();
    expect(referralMock.mock.calls[0]?.[0]).toBe('/waitlist/referral?code=ANNA-7K2Q');
    expect(screen.getByText(/A friend invited you\./).closest('p')).toHaveTextContent(
      'A friend invited you. Join with their code and confirm your address: your friend moves 10 places up, and you get a link of your own to do the same.',
    );
    expect(referralField()).toHaveValue('ANNA-7K2Q');
  });

  it('drops an unknown code with a quiet note: the field stays empty and nothing of it is sent', async () => {
    referralMock.mockImplementation(async () => json(200, { success: true, data: { valid: false, boost: 10 } }));
    fetchMock.mockResolvedValue(joined());
    renderForm('/waitlist?ref=NOSUCHCODE');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(
      "The code in your link isn't one we know, so we left it out. You can still join, with or without a friend's code.",
    );
    expect(screen.queryByText(/A friend invited you/)).not.toBeInTheDocument();
    expect(referralField()).toHaveValue('');
    submit();
    await advance(0);
    expect(sentBody()).toEqual({ email: 'ada@example.com' });
  });

  it('drops a malformed code without asking the server', async () => {
    renderForm('/waitlist?ref=%3Cscript%3E');
    await settle();
    expect(referralMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent("The code in your link isn't one we know");
    expect(referralField()).toHaveValue('');
  });

  it('keeps the code, claiming nothing, when the check cannot answer (offline, throttled)', async () => {
    referralMock.mockImplementation(async () => json(429, { success: false, code: 'rate_limited', message: 'x' }));
    renderForm('/waitlist?ref=ANNA-7K2Q');
    await settle();
    expect(referralField()).toHaveValue('ANNA-7K2Q');
    expect(screen.queryByText(/A friend invited you/)).not.toBeInTheDocument();
    expect(screen.queryByText(/isn't one we know/)).not.toBeInTheDocument();
  });
});

describe('proof of work and the honeypot', () => {
  it('solves the challenge in the background and sends its solution with the sign-up', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 40,
      deriveKey,
      hmacSignatureSecret: 'k',
      hmacKeySignatureSecret: 'j',
    });
    challengeMock.mockImplementation(async () => json(200, { required: true, challenge }));
    fetchMock.mockResolvedValue(joined());
    // The solver's own chunk, loaded here first: its first load takes real time, which the fake clock does not move.
    await import('../../../lib/solve-challenge.js');
    renderForm();
    submit('ada@example.com');
    // Web Crypto's digests take real time too, on a thread pool a busy machine may keep waiting: the wait is
    // bounded by the real clock (performance is not faked), not by a count of turns.
    const started = performance.now();
    while (fetchMock.mock.calls.length === 0 && performance.now() - started < 10_000) await settle();
    const body = sentBody() as { email: string; altcha: string };
    expect(body.email).toBe('ada@example.com');
    const payload = JSON.parse(atob(body.altcha)) as { challenge: unknown; solution: { counter: number } };
    expect(payload.challenge).toEqual(challenge);
    expect(payload.solution.counter).toBe(40);
    // Each solution is spent by one sign-up: the next one is fetched at once.
    expect(challengeMock.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('sends without a solution when the challenge cannot be had, and shows what the server says', async () => {
    challengeMock.mockRejectedValue(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValue(
      json(400, {
        success: false,
        code: 'challenge_required',
        message: 'Your browser is still getting ready to send this form. Please try again in a moment.',
      }),
    );
    renderForm();
    submit('ada@example.com');
    await settle();
    expect(sentBody()).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your browser is still getting ready to send this form.');
  });

  it('has a honeypot field people never reach: out of the tab order and of the accessibility tree', () => {
    const { container } = renderForm();
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap!.tabIndex).toBe(-1);
    expect(trap!.closest('[inert]')).not.toBeNull();
    expect(screen.queryByLabelText('Leave this field empty')).toBeInTheDocument();
  });
});

describe('before the app has loaded', () => {
  it('keeps what the visitor typed into the pre-rendered form when the app hydrates it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    const typedEmail = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    const typedCode = container.querySelector<HTMLInputElement>('input[name="referralSource"]')!;
    typedEmail.value = 'early@example.com';
    typedCode.value = 'EARLY-1';
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page());
    });
    await settle();
    expect(container.querySelector<HTMLInputElement>('input[name="email"]')!.value).toBe('early@example.com');
    expect(container.querySelector<HTMLInputElement>('input[name="referralSource"]')!.value).toBe('EARLY-1');
    fetchMock.mockResolvedValue(joined());
    fireEvent.click(container.querySelector('button')!);
    await settle();
    expect(sentBody()).toEqual({ email: 'early@example.com', referralSource: 'EARLY-1' });
    act(() => root?.unmount());
    container.remove();
  });
});

describe('the error message', () => {
  it("prefers the server's message, then the generic failure, then the catch-all", () => {
    expect(
      waitlistErrorMessage(
        new ApiError('http', { serverMessage: 'Please enter a valid e-mail address.', status: 400 }),
      ),
    ).toBe('Please enter a valid e-mail address.');
    expect(waitlistErrorMessage(new ApiError('http', { status: 500 }))).toBe('Failed to join waitlist');
    expect(waitlistErrorMessage(new ApiError('timeout'))).toBe('Failed to join waitlist');
    expect(waitlistErrorMessage(new Error(''))).toBe('Something went wrong. Please try again.');
    expect(waitlistErrorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
});
