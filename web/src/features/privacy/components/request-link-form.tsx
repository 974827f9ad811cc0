import type { MessageDescriptor } from '@lingui/core';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { i18n } from '../../../lib/i18n/i18n.js';
import { refusalText } from '../../../lib/i18n/refusal-text.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useRequestDataLink } from '../api/request-data-link.js';

/** The texts the "Your data" page's parts share, translated where they are shown. */
export const dataMessages = {
  /** What the page says after a request, listed or not: it never tells who is on the list. */
  linkSent: /*i18n*/ {
    id: 'web.yourData.request.sent',
    message:
      'If this address is on our waitlist, we have just sent it a link to its data. The link works once, for one hour.',
  },
  /** A request that got no answer from the service (the network, or the service failing). */
  unreachable: /*i18n*/ {
    id: 'web.yourData.unreachable',
    message: "We couldn't reach our servers. Please check your connection and try again.",
  },
  sending: /*i18n*/ { id: 'web.yourData.request.sending', message: 'Sending...' },
} satisfies Record<string, MessageDescriptor>;

const invalidEmail = /*i18n*/ { id: 'web.yourData.error.email', message: 'Please enter a valid e-mail address.' };

/** The codes POST /waitlist/data-access may refuse an address with, said on a page in another language. */
const refusals: Record<string, MessageDescriptor> = { validation_error: invalidEmail };

/** Why the request failed, in the page's language. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429)
    return i18n._({
      id: 'web.yourData.error.tooMany',
      message: 'Too many requests from your network. Please try again later.',
    });
  if (error instanceof ApiError && error.status === 400) return refusalText(error, refusals) ?? i18n._(invalidEmail);
  return i18n._(dataMessages.unreachable);
}

/** The visitor types an address; a link goes to it if it is listed. `submitLabel` is already translated. */
export function RequestLinkForm({ submitLabel }: { submitLabel?: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const request = useRequestDataLink();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };

  if (request.isSuccess) {
    return (
      <p className="notice notice--success" role="status">
        {i18n._(dataMessages.linkSent)}
      </p>
    );
  }

  const error = request.error;
  const busy = request.isPending;
  return (
    <form
      className="data-request"
      onSubmit={onSubmit}
      aria-label={i18n._({ id: 'web.yourData.request.label', message: 'Ask for a link to your data' })}
    >
      <div className="field">
        <label htmlFor={`${id}-email`}>
          {i18n._({ id: 'web.yourData.request.email', message: 'Your e-mail address' })}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          disabled={busy}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={!hydrated || busy}>
        {busy
          ? i18n._(dataMessages.sending)
          : (submitLabel ?? i18n._({ id: 'web.yourData.request.send', message: 'Send me a link' }))}
      </button>
      {error ? (
        <p className="error-box" role="alert">
          {failureText(error)}
        </p>
      ) : null}
    </form>
  );
}
