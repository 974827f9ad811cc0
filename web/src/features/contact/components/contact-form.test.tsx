import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, json, networkFailure } from '../../../testing/fake-network.js';
import { ContactForm } from './contact-form.js';

// fetch is the edge to the server, outside this unit: each test scripts the service's answers.
const NO_CHALLENGE = () => json(200, { required: false, challenge: null });
const SENT = () =>
  json(200, {
    success: true,
    message: 'Thank you! Your message has reached our team. We reply within two working days.',
  });

function renderForm() {
  return render(<ContactForm />);
}

async function write(name = 'Jane Doe', email = ' jane@EXAMPLE.com ', message = 'Hello!\nIs Porto in the first wave?') {
  await userEvent.type(screen.getByLabelText('Your Name'), name);
  await userEvent.type(screen.getByLabelText('Your Email'), email);
  await userEvent.type(screen.getByLabelText('Your Message'), message);
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the contact form', () => {
  it('keeps the required fields, labels and placeholders, all required', () => {
    fakeNetwork().on('GET', '/waitlist/contact/challenge', NO_CHALLENGE);
    renderForm();
    expect(screen.getByRole('heading', { name: 'Get in Touch' })).toBeInTheDocument();
    for (const [label, placeholder] of [
      ['Your Name', 'Jane Doe'],
      ['Your Email', 'jane@example.com'],
      ['Your Message', 'How can we help you today?'],
    ] as const) {
      expect(screen.getByLabelText(label)).toBeRequired();
      expect(screen.getByLabelText(label)).toHaveAttribute('placeholder', placeholder);
    }
    expect(screen.getByLabelText('Your Email')).toHaveAttribute('type', 'email');
  });

  it('says it is sending (everything disabled), then that it was sent, naming the address we will answer', async () => {
    const network = fakeNetwork();
    network.on('GET', '/waitlist/contact/challenge', NO_CHALLENGE);
    let answer: (response: Response) => void = () => undefined;
    let sentBody: unknown;
    network.on('POST', '/waitlist/contact', ({ body }) => {
      sentBody = body;
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderForm();
    await write();

    expect(await screen.findByText('Sending your message...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    for (const label of ['Your Name', 'Your Email', 'Your Message'])
      expect(screen.getByLabelText(label)).toBeDisabled();

    answer(SENT());
    await screen.findByText('Thank you! Your message has reached our team.');
    const sent = screen.getByRole('status');
    expect(sent).toHaveTextContent("We'll reply to jane@example.com within two working days.");
    expect(sent).toHaveFocus();
    // Sent as the service stores it: the address under the shared rule, the message's line break kept.
    expect(sentBody).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      message: 'Hello!\nIs Porto in the first wave?',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Write another message' }));
    expect(screen.getByLabelText('Your Name')).toHaveValue('');
    expect(screen.getByLabelText('Your Name')).toHaveFocus();
  });

  it('when the service fails (503, retried once), says the message was not sent, keeps it, and sends it on "Try again"', async () => {
    const network = fakeNetwork();
    network.on('GET', '/waitlist/contact/challenge', NO_CHALLENGE);
    let failing = true;
    network.on('POST', '/waitlist/contact', () =>
      failing ? json(503, { success: false, code: 'unavailable', message: 'Service unavailable' }) : SENT(),
    );
    renderForm();
    await write();

    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent(
      'Your message was not sent. We could not reach our servers. Your message is still in the form: please try again.',
    );
    // The app's rule for a failing server: one more try, then the page says so.
    expect(network.calls.filter((call) => call === 'POST /waitlist/contact')).toHaveLength(2);
    expect(screen.getByLabelText('Your Message')).toHaveValue('Hello!\nIs Porto in the first wave?');

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Thank you! Your message has reached our team.');
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 10_000);

  it("shows the service's words when it refuses the message itself, without retrying", async () => {
    const network = fakeNetwork();
    network.on('GET', '/waitlist/contact/challenge', NO_CHALLENGE);
    network.on('POST', '/waitlist/contact', () =>
      json(
        429,
        {
          success: false,
          code: 'rate_limited',
          message: 'Too many messages from your network. Please try again later.',
        },
        { 'Retry-After': '600' },
      ),
    );
    renderForm();
    await write();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your message was not sent. Too many messages from your network. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(network.calls.filter((call) => call === 'POST /waitlist/contact')).toHaveLength(1);
  });

  it('says so when the network is down', async () => {
    const network = fakeNetwork();
    network.on('GET', '/waitlist/contact/challenge', NO_CHALLENGE);
    network.on('POST', '/waitlist/contact', networkFailure);
    renderForm();
    await write();
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'We could not reach our servers.',
    );
  }, 10_000);

  it('solves the proof of work in the background when the service asks for it, and sends its solution', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 25,
      deriveKey,
      hmacSignatureSecret: 'k',
      hmacKeySignatureSecret: 'j',
    });
    const network = fakeNetwork();
    network.on('GET', '/waitlist/contact/challenge', () => json(200, { required: true, challenge }));
    let sentBody: { altcha?: string } = {};
    network.on('POST', '/waitlist/contact', ({ body }) => {
      sentBody = body as typeof sentBody;
      return SENT();
    });
    renderForm();
    await write();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Thank you!'), { timeout: 8_000 });
    const payload = JSON.parse(atob(sentBody.altcha ?? '')) as { challenge: unknown; solution: { counter: number } };
    expect(payload.challenge).toEqual(challenge);
    expect(payload.solution.counter).toBe(25);
  }, 15_000);
});
