import { REFERRAL_CODE_PATTERN } from '@mmdm/contracts/limits';
import type { ReferralCheck } from '@mmdm/contracts/waitlist';
import { useEffect, useState } from 'react';

/**
 * The request, with the API client and the contracts' schemas, loaded when a share link's code is to be checked:
 * the page's first load stays within its budget.
 */
const checkReferralCode = async (code: string, signal: AbortSignal): Promise<ReferralCheck> =>
  (await import('./check-referral-code-request.js')).checkReferralCode(code, signal);

/** The check gives up after this long: the page must not wait on it (the code is then kept, as before the check). */
const CHECK_TIMEOUT_MS = 5_000;

/** What the page knows about the code of the share link it was opened by (`?ref=`). */
export type ShareCode =
  | { kind: 'none' }
  | { kind: 'checking'; code: string }
  /** Someone's on the list: the form joins with it. */
  | { kind: 'valid'; code: string; boost: number }
  /** Nobody's (or not a code at all): dropped, and the page says so. */
  | { kind: 'unknown' }
  /** The check could not answer (offline, throttled): the code is kept and the service decides, as it always did. */
  | { kind: 'unchecked'; code: string };

/**
 * Checks `?ref=` once the page runs in the browser (the page is pre-rendered without it). Written without react-query,
 * like the sign-up call: the waitlist page's first load is the budget.
 */
export function useShareCode(ref: string): ShareCode {
  const [state, setState] = useState<ShareCode>({ kind: 'none' });
  useEffect(() => {
    if (!ref) {
      setState({ kind: 'none' });
      return;
    }
    // A malformed code is not sent anywhere: nobody's code looks like that.
    if (!REFERRAL_CODE_PATTERN.test(ref)) {
      setState({ kind: 'unknown' });
      return;
    }
    setState({ kind: 'checking', code: ref });
    // Set when the page moved on (another ?ref=, or gone): a late answer must not overwrite what it shows now.
    let stale = false;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), CHECK_TIMEOUT_MS);
    checkReferralCode(ref, controller.signal)
      .then(
        (check) => (check.valid ? { kind: 'valid', code: ref, boost: check.boost } : { kind: 'unknown' }) as ShareCode,
        (): ShareCode => ({ kind: 'unchecked', code: ref }),
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
  }, [ref]);
  return state;
}
