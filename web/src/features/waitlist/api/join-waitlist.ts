import { useCallback, useEffect, useRef, useState } from 'react';
import { checkEmailAddress } from '@mmdm/contracts/email';
import { HONEYPOT_FIELD, joinAnswer, type JoinAnswer } from '@mmdm/contracts/waitlist';
// zod/mini: the same validation at a fraction of the bytes in the public bundle.
import { z } from 'zod/mini';
import { createDeadline, type Deadline } from '../../../lib/deadline.js';
import { ApiError, postJson, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

/** The visitor waits at most this long, every retry included. */
export const JOIN_TIMEOUT_MS = 10_000;
/** Mutations retry once (the app's data-fetching defaults). */
const MAX_RETRIES = 1;

export interface JoinWaitlistInput {
  email: string;
  referralSource?: string;
  /** The proof of work, when the service asks for one. */
  altcha?: string;
  /** The hidden honeypot field, sent only when something filled it in. */
  honeypot?: string;
}

export type JoinWaitlistAnswer = JoinAnswer;

/**
 * POST /waitlist with `{email}` or `{email, referralSource}` (an empty code is left out, never sent as ""), plus the
 * proof of work and a filled honeypot when there are any. The address goes out as the service will store it (the
 * shared address rule); one the rule refuses goes out trimmed, for the service to say why.
 */
export async function joinWaitlist(input: JoinWaitlistInput, signal: AbortSignal): Promise<JoinWaitlistAnswer> {
  const checked = checkEmailAddress(input.email, { deliverable: true });
  const email = checked.ok ? checked.address : input.email.trim();
  const referralSource = input.referralSource?.trim();
  const body = {
    email,
    ...(referralSource ? { referralSource } : {}),
    ...(input.altcha ? { altcha: input.altcha } : {}),
    ...(input.honeypot ? { [HONEYPOT_FIELD]: input.honeypot } : {}),
  };
  const answer = await postJson(requestTo(calls.joinWaitlist), body, signal);
  const parsed = joinAnswer.safeParse(answer);
  if (!parsed.success) {
    const message = z.object({ message: z.string() }).safeParse(answer);
    throw new ApiError('invalid-response', {
      serverMessage: message.success ? message.data.message.trim() || undefined : undefined,
    });
  }
  return parsed.data;
}

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
