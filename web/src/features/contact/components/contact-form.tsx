import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from '@mmdm/contracts/limits';
import { checkEmailAddress } from '@mmdm/contracts/email';
import { HONEYPOT_FIELD } from '@mmdm/contracts/waitlist';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EmailAddress } from '../../../components/ui/email-address.js';
import { EmailField, FormField } from '../../../components/ui/form-field.js';
import { HoneypotField } from '../../../components/ui/honeypot-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { formText } from '../../../lib/form-text.js';
import { useProofOfWork } from '../../../lib/use-proof-of-work.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { getContactChallenge } from '../api/get-contact-challenge.js';
import { useSendContactMessage } from '../api/send-contact-message.js';

export const contactMessages = {
  sending: 'Sending your message...',
  sentTitle: 'Thank you! Your message has reached our team.',
  notSent: 'Your message was not sent.',
  unreachable: 'We could not reach our servers. Your message is still in the form: please try again.',
} as const;

/**
 * Why the message was not sent, in the words of the service when it refused the message itself (a field, the rate
 * limit, the proof of work); otherwise the server or the network failed, and the words are still in the form.
 */
export function contactFailureText(error: unknown): string {
  const refusal =
    error instanceof ApiError && error.kind === 'http' && error.status !== undefined && error.status < 500
      ? error.serverMessage
      : undefined;
  return `${contactMessages.notSent} ${refusal ?? contactMessages.unreachable}`;
}

/**
 * The "Get in Touch" form. It says what is true at each step: sending (everything disabled), sent (the form gives way
 * to a thank-you naming the address we will answer), or not sent (why, with a button to try again; the words stay in
 * the form). The proof of work the service may ask for is solved in the background while the visitor types
 * (lib/proof-of-work.ts), as on the waitlist form. The fields are uncontrolled, so what is typed before the page's
 * app has loaded survives hydration; sending waits for it.
 */
export function ContactForm() {
  const id = useId();
  const hydrated = useHydrated();
  const send = useSendContactMessage(useProofOfWork(getContactChallenge));
  const form = useRef<HTMLFormElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const sentPanel = useRef<HTMLDivElement>(null);
  // The address the thank-you names, once the message is sent; null while the form shows.
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Set when the thank-you gives way to a new form: focus goes to its first field.
  const writingAgain = useRef(false);
  const sending = send.state.status === 'sending';

  useEffect(() => {
    if (sentTo !== null) sentPanel.current?.focus();
    else if (writingAgain.current) nameInput.current?.focus();
    writingAgain.current = false;
  }, [sentTo]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const text = formText(event.currentTarget);
    const email = text('email');
    void send
      .send({ name: text('name'), email, message: text('message'), honeypot: text(HONEYPOT_FIELD) })
      .then((sent) => {
        if (!sent) return;
        const checked = checkEmailAddress(email, { deliverable: true });
        setSentTo(checked.ok ? checked.address : email.trim());
      });
  }

  function writeAnother() {
    writingAgain.current = true;
    setSentTo(null);
  }

  if (sentTo !== null) {
    return (
      <div
        className="card form contact-sent"
        ref={sentPanel}
        role="status"
        tabIndex={-1}
        aria-labelledby={`${id}-sent`}
      >
        <span className="contact-sent__icon" aria-hidden="true">
          ✓
        </span>
        <h2 id={`${id}-sent`}>{contactMessages.sentTitle}</h2>
        <p>
          We'll reply to <EmailAddress address={sentTo} /> within two working days.
        </p>
        <button type="button" className="button button--ghost" onClick={writeAnother}>
          Write another message
        </button>
      </div>
    );
  }

  return (
    <form ref={form} className="card form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Get in Touch</h2>
      <p className="muted">Send us a message and we'll reply within two working days.</p>
      <FormField
        ref={nameInput}
        id={`${id}-name`}
        label="Your Name"
        name="name"
        type="text"
        autoComplete="name"
        placeholder="Jane Doe"
        maxLength={CONTACT_NAME_MAX_LENGTH}
        required
        disabled={sending}
      />
      <EmailField id={`${id}-email`} label="Your Email" placeholder="jane@example.com" disabled={sending} />
      <div className="field">
        <label htmlFor={`${id}-message`}>Your Message</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={6}
          placeholder="How can we help you today?"
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          aria-describedby={`${id}-message-hint`}
          required
          disabled={sending}
        />
        <p id={`${id}-message-hint`} className="field__hint">
          Up to {CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.
        </p>
      </div>
      <HoneypotField idPrefix={id} className="contact-form__trap" />
      <button type="submit" className="button button--primary" disabled={!hydrated || sending}>
        {sending ? 'Sending...' : 'Send message'}
      </button>
      <p className="form__status" role="status">
        {sending ? contactMessages.sending : ''}
      </p>
      {send.state.status === 'failed' ? (
        <div className="error-box contact-failure" role="alert">
          <p>{contactFailureText(send.state.error)}</p>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => form.current?.requestSubmit()}
          >
            Try again
          </button>
        </div>
      ) : null}
    </form>
  );
}
