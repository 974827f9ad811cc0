import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { checkEmailAddress } from '@mmdm/contracts/email';
import { API_PATHS, joinAnswer, type JoinAnswer } from '@mmdm/contracts/waitlist';
// zod/mini: the same validation at a fraction of the bytes in the public bundle.
import { z } from 'zod/mini';
import { createDeadline, type Deadline } from '../../../lib/deadline.js';
import { ApiError, postJson } from '../../../lib/api-client.js';

/** The visitor waits at most this long, every retry included. */
export const JOIN_TIMEOUT_MS = 10_000;
/** Mutations retry once (the app's data-fetching defaults). */
const MAX_RETRIES = 1;

export interface JoinWaitlistInput {
  email: string;
  referralSource?: string;
}

export type JoinWaitlistAnswer = JoinAnswer;

/**
 * POST /waitlist with `{email}` or `{email, referralSource}` (an empty code is left out, never sent as ""). The
 * address goes out as the service will store it (the shared address rule); one the rule refuses goes out trimmed,
 * for the service to say why.
 */
export async function joinWaitlist(input: JoinWaitlistInput, signal: AbortSignal): Promise<JoinWaitlistAnswer> {
  const checked = checkEmailAddress(input.email, { deliverable: true });
  const email = checked.ok ? checked.address : input.email.trim();
  const referralSource = input.referralSource?.trim();
  const body = referralSource ? { email, referralSource } : { email };
  const answer = await postJson(API_PATHS.join, body, signal);
  const parsed = joinAnswer.safeParse(answer);
  if (!parsed.success) {
    const message = z.object({ message: z.string() }).safeParse(answer);
    throw new ApiError('invalid-response', {
      serverMessage: message.success ? message.data.message.trim() || undefined : undefined,
    });
  }
  return parsed.data;
}

/**
 * The sign-up mutation. One deadline covers the whole wait: both attempts and the pause between them, so the
 * visitor sees an answer at most JOIN_TIMEOUT_MS after the click.
 */
export function useJoinWaitlist() {
  const deadline = useRef<Deadline | null>(null);

  const mutation = useMutation({
    mutationFn: (input: JoinWaitlistInput) => {
      const current = deadline.current;
      if (!current) throw new Error('join started without a deadline');
      return joinWaitlist(input, current.signal);
    },
    // Online-only mode would park the call while the browser thinks it is offline, past any deadline.
    networkMode: 'always',
    // A refused address or a rate limit will not change on a second try; a failing server or network may.
    retry: (failureCount, error) =>
      failureCount < MAX_RETRIES &&
      error instanceof ApiError &&
      error.retryable &&
      !deadline.current?.signal.aborted,
    // Never sleep past the deadline: a retry due after it starts at it and fails at once.
    retryDelay: (failureCount) => Math.min(500 * 2 ** failureCount, deadline.current?.remaining() ?? 0),
    onSettled: () => deadline.current?.clear(),
  });

  return {
    ...mutation,
    /** Starts a sign-up with a fresh deadline; `callbacks` run only if the form is still on screen. */
    join(input: JoinWaitlistInput, callbacks?: Parameters<typeof mutation.mutate>[1]) {
      deadline.current?.clear();
      deadline.current = createDeadline(JOIN_TIMEOUT_MS);
      mutation.mutate(input, callbacks);
    },
  };
}
