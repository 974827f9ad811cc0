import { TICKET_CODE_PATTERN } from '@mmdm/contracts/limits';

/**
 * The ticket a friend's link brought, kept in this browser: someone already in line who joins again with it is
 * mailed their place link (the answer never says the address is listed), and their place page, opened here, offers
 * to use it. Never sent anywhere but to the ticket calls; dropped once used.
 */
const KEY = 'mmdm.ticket';

function store(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage turned off: the ticket still goes with the sign-up
  }
}

export function heldTicket(): string | null {
  const code = store()?.getItem(KEY) ?? null;
  return code && TICKET_CODE_PATTERN.test(code) ? code : null;
}

export function holdTicket(code: string): void {
  try {
    store()?.setItem(KEY, code);
  } catch {
    // full or refused: nothing to keep
  }
}

export function dropTicket(): void {
  try {
    store()?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
