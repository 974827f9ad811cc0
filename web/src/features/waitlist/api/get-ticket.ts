import { TICKET_CODE_PATTERN } from '@mmdm/contracts/limits';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error.js';

/** The request, with the API client and the schemas, loaded only when a ticket link opened the page (its budget). */
const getTicket = async (code: string, signal: AbortSignal) =>
  (await import('./get-ticket-request.js')).getTicket(code, signal);

const CHECK_TIMEOUT_MS = 5_000;

/** What the waitlist page knows about the ticket it was opened with (`?ticket=`). */
export type TicketCheck =
  | { kind: 'none' }
  | { kind: 'checking'; code: string }
  /** It can be used: the form joins with it. */
  | { kind: 'open'; code: string }
  | { kind: 'used' }
  | { kind: 'revoked' }
  /** Not a ticket of ours (or a damaged link). */
  | { kind: 'invalid' }
  /** The check could not answer: the ticket goes with the sign-up and the service decides. */
  | { kind: 'unchecked'; code: string };

/** Checks `?ticket=` once the page runs in the browser, as the share code is checked (no data layer here). */
export function useTicketCheck(code: string): TicketCheck {
  const [state, setState] = useState<TicketCheck>({ kind: 'none' });
  useEffect(() => {
    if (!code) {
      setState({ kind: 'none' });
      return;
    }
    if (!TICKET_CODE_PATTERN.test(code)) {
      setState({ kind: 'invalid' });
      return;
    }
    setState({ kind: 'checking', code });
    let stale = false;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), CHECK_TIMEOUT_MS);
    getTicket(code, controller.signal)
      .then(
        (ticket): TicketCheck => (ticket.state === 'open' ? { kind: 'open', code } : { kind: ticket.state }),
        (error: unknown): TicketCheck =>
          // 404 is this call's `ticket_invalid` only (error-codes.ts stays out of the page's first load).
          error instanceof ApiError && error.kind === 'http' && error.status === 404
            ? { kind: 'invalid' }
            : { kind: 'unchecked', code },
      )
      .then((next) => {
        if (!stale) setState(next);
      })
      .finally(() => clearTimeout(timer));
    return () => {
      stale = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [code]);
  return state;
}
