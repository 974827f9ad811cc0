import type { MessageDescriptor } from '@lingui/core';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from '@mmdm/contracts/limits';
import { checkEmailAddress } from '@mmdm/contracts/email';
import { HONEYPOT_FIELD } from '@mmdm/contracts/waitlist';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EmailAddress } from '../../../components/ui/email-address.js';
import { EmailField, FormField } from '../../../components/ui/form-field.js';
import { HoneypotField } from '../../../components/ui/honeypot-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { i18n } from '../../../lib/i18n/i18n.js';
import { refusalText } from '../../../lib/i18n/refusal-text.js';
import { richText } from '../../../lib/i18n/rich-text.js';
import { formText } from '../../../lib/form-text.js';
import { useProofOfWork } from '../../../lib/use-proof-of-work.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { getContactChallenge } from '../api/get-contact-challenge.js';
import { useSendContactMessage } from '../api/send-contact-message.js';

/** The form's texts, translated where they are shown (`i18n._(contactMessages.notSent)`). */
export const contactMessages = {
  sending: /*i18n*/ { id: 'web.contact.status.sending', message: 'Sending your message...' },
  sentTitle: /*i18n*/ { id: 'web.contact.sent.title', message: 'Thank you! Your message has reached our team.' },
  notSent: /*i18n*/ { id: 'web.contact.failed.notSent', message: 'Your message was not sent.' },
  unreachable: /*i18n*/ {
    id: 'web.contact.failed.unreachable',
    message: 'We could not reach our servers. Your message is still in the form: please try again.',
  },
  /** A refusal whose code the page does not know: the form is still there to look over. */
  refused: /*i18n*/ { id: 'web.contact.failed.refused', message: 'Please check the form and try again.' },
} satisfies Record<string, MessageDescriptor>;

const tooMany = /*i18n*/ {
  id: 'web.contact.error.tooMany',
  message: 'Too many messages from your network. Please try again later.',
};

/**
 * The codes the service may refuse a message with (POST /waitlist/contact), said on a page in another language than
 * English; an English page shows the service's own sentence.
 */
const refusals: Record<string, MessageDescriptor> = {
  // The browser already asks for every field and caps their lengths: what the service's rule refuses is the address.
  validation_error: /*i18n*/ {
    id: 'web.contact.error.validation',
    message: 'Please check your e-mail address: it should look like name@example.com.',
  },
  // The service's rate limit per network, and the gateway's.
  rate_limited: tooMany,
  too_many_requests: tooMany,
  payload_too_large: /*i18n*/ {
    id: 'web.contact.error.tooLarge',
    message: 'Your message is too long. Please shorten it and try again.',
  },
  // The proof of work (lib/proof-of-work.ts): not ready yet, too old, or already spent.
  challenge_required: /*i18n*/ {
    id: 'web.contact.error.challengeRequired',
    message: 'Your browser is still getting ready to send this form. Please try again in a moment.',
  },
  challenge_invalid: /*i18n*/ {
    id: 'web.contact.error.challengeInvalid',
    message: 'This form was open too long or was changed. Please reload the page and try again.',
  },
  challenge_spent: /*i18n*/ {
    id: 'web.contact.error.challengeSpent',
    message: 'This form was already sent. Please reload the page and try again.',
  },
};

/**
 * Why the message was not sent, in the words of the service when it refused the message itself (a field, the rate
 * limit, the proof of work), said in the page's language; otherwise the server or the network failed, and the words
 * are still in the form.
 */
export function contactFailureText(error: unknown): string {
  const refused =
    error instanceof ApiError && error.kind === 'http' && error.status !== undefined && error.status < 500;
  const why = refused ? (refusalText(error, refusals) ?? i18n._(contactMessages.refused)) : undefined;
  return `${i18n._(contactMessages.notSent)} ${why ?? i18n._(contactMessages.unreachable)}`;
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
        <h2 id={`${id}-sent`}>{i18n._(contactMessages.sentTitle)}</h2>
        <p>
          {richText(
            i18n._({
              id: 'web.contact.sent.reply',
              message: "We'll reply to <0>{email}</0> within two working days.",
              values: { email: sentTo },
            }),
            { 0: () => <EmailAddress address={sentTo} /> },
          )}
        </p>
        <button type="button" className="button button--ghost" onClick={writeAnother}>
          {i18n._({ id: 'web.contact.sent.again', message: 'Write another message' })}
        </button>
      </div>
    );
  }

  return (
    <form ref={form} className="card form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._({ id: 'web.contact.form.title', message: 'Get in Touch' })}</h2>
      <p className="muted">
        {i18n._({ id: 'web.contact.form.lead', message: "Send us a message and we'll reply within two working days." })}
      </p>
      <FormField
        ref={nameInput}
        id={`${id}-name`}
        label={i18n._({ id: 'web.contact.form.name', message: 'Your Name' })}
        name="name"
        type="text"
        autoComplete="name"
        placeholder={i18n._({ id: 'web.contact.form.namePlaceholder', message: 'Jane Doe' })}
        maxLength={CONTACT_NAME_MAX_LENGTH}
        required
        disabled={sending}
      />
      <EmailField
        id={`${id}-email`}
        label={i18n._({ id: 'web.contact.form.email', message: 'Your Email' })}
        placeholder={i18n._({ id: 'web.contact.form.emailPlaceholder', message: 'jane@example.com' })}
        disabled={sending}
      />
      <div className="field">
        <label htmlFor={`${id}-message`}>{i18n._({ id: 'web.contact.form.message', message: 'Your Message' })}</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={6}
          placeholder={i18n._({ id: 'web.contact.form.messagePlaceholder', message: 'How can we help you today?' })}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          aria-describedby={`${id}-message-hint`}
          required
          disabled={sending}
        />
        <p id={`${id}-message-hint`} className="field__hint">
          {i18n._({
            id: 'web.contact.form.messageHint',
            message: 'Up to {max} characters.',
            values: { max: i18n.number(CONTACT_MESSAGE_MAX_LENGTH) },
          })}
        </p>
      </div>
      <HoneypotField idPrefix={id} className="contact-form__trap" />
      <button type="submit" className="button button--primary" disabled={!hydrated || sending}>
        {sending
          ? i18n._({ id: 'web.contact.form.sending', message: 'Sending...' })
          : i18n._({ id: 'web.contact.form.send', message: 'Send message' })}
      </button>
      <p className="form__status" role="status">
        {sending ? i18n._(contactMessages.sending) : ''}
      </p>
      {send.state.status === 'failed' ? (
        <div className="error-box contact-failure" role="alert">
          <p>{contactFailureText(send.state.error)}</p>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => form.current?.requestSubmit()}
          >
            {i18n._({ id: 'web.contact.failed.retry', message: 'Try again' })}
          </button>
        </div>
      ) : null}
    </form>
  );
}
