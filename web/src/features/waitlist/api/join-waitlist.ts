import { useCallback, useEffect, useRef, useState } from 'react';
import type { JoinAnswer } from '@mmdm/contracts/waitlist';
import { createDeadline, type Deadline } from '../../../lib/deadline.js';
import { ApiError } from '../../../lib/api-error.js';

/**
 * The request itself, with the API client and the contracts' schemas, loaded with the first call (by then the form's
 * challenge has loaded them already): the page's first load stays within its budget (≤ 100 kB gzip).
 */
const joinWaitlist = async (input: JoinWaitlistInput, signal: AbortSignal): Promise<JoinWaitlistAnswer> =>
  (await import('./join-waitlist-request.js')).joinWaitlist(input, signal);

/** The visitor waits at most this long, every retry included. */
export const JOIN_TIMEOUT_MS = 10_000;
/** Mutations retry once (the app's data-fetching defaults). */
const MAX_RETRIES = 1;

export interface JoinWaitlistInput {
  email: string;
  referralSource?: string;
  /** A friend's ticket (`?ticket=`), used when the address is confirmed. */
  ticket?: string;
  /** The proof of work, when the service asks for one. */
  altcha?: string;
  /** The hidden honeypot field, sent only when something filled it in. */
  honeypot?: string;
}

export type JoinWaitlistAnswer = JoinAnswer;

export interface JoinCallbacks {
  onSuccess?: (answer: JoinWaitlistAnswer) => void;
  onError?: (error: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The sign-up call with the required data-fetching rule (a mutation retries once) and one deadline over the whole wait:
 * the proof of work still being solved, both attempts and the pause between them, so the visitor sees an answer at
 * most JOIN_TIMEOUT_MS after the click. Written without react-query: the waitlist page's first load is the budget
 * (≤ 100 kB gzip) and this is its only call.
 */
export function useJoinWaitlist(solution?: (signal: AbortSignal) => Promise<string | undefined>) {
  const [isPending, setPending] = useState(false);
  const mounted = useRef(true);
  const deadline = useRef<Deadline | null>(null);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      deadline.current?.clear();
    };
  }, []);

  const join = useCallback(
    (input: JoinWaitlistInput, callbacks: JoinCallbacks = {}) => {
      deadline.current?.clear();
      const current = createDeadline(JOIN_TIMEOUT_MS);
      deadline.current = current;
      setPending(true);
      void (async () => {
        try {
          const altcha = solution ? await solution(current.signal) : undefined;
          for (let failures = 0; ; failures++) {
            try {
              const answer = await joinWaitlist({ ...input, altcha }, current.signal);
              if (mounted.current) callbacks.onSuccess?.(answer);
              return;
            } catch (error) {
              // A refused address or a rate limit will not change on a second try; a failing server or network may.
              const retry =
                failures < MAX_RETRIES && error instanceof ApiError && error.retryable && !current.signal.aborted;
              if (!retry) throw error;
              // Never sleep past the deadline: a retry due after it starts at it and fails at once.
              await sleep(Math.min(500 * 2 ** (failures + 1), current.remaining()));
            }
          }
        } catch (error) {
          if (mounted.current) callbacks.onError?.(error);
        } finally {
          current.clear();
          if (mounted.current) setPending(false);
        }
      })();
    },
    [solution],
  );

  return { isPending, join };
}
