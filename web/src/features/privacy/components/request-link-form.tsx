import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useRequestDataLink } from '../api/request-data-link.js';
import { SERVERS_UNREACHABLE } from '../../../components/ui/request-button.js';

/** What the page says after a request, listed or not: it never tells who is on the list. */
export const LINK_SENT =
  'If this address is on our waitlist, we have just sent it a link to its data. The link works once, for one hour.';

/** The visitor types an address; a link goes to it if it is listed. */
export function RequestLinkForm({ submitLabel = 'Send me a link' }: { submitLabel?: string }) {
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
        {LINK_SENT}
      </p>
    );
  }

  const error = request.error;
  const busy = request.isPending;
  return (
    <form className="data-request" onSubmit={onSubmit} aria-label="Ask for a link to your data">
      <div className="field">
        <label htmlFor={`${id}-email`}>Your e-mail address</label>
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
        {busy ? 'Sending...' : submitLabel}
      </button>
      {error ? (
        <p className="error-box" role="alert">
          {error instanceof ApiError && error.status === 429
            ? 'Too many requests from your network. Please try again later.'
            : error instanceof ApiError && error.status === 400
              ? (error.serverMessage ?? 'Please enter a valid e-mail address.')
              : SERVERS_UNREACHABLE}
        </p>
      ) : null}
    </form>
  );
}
