import { useCallback, useEffect, useRef, useState } from 'react';
import { contactAnswer, type ContactAnswer } from '@mmdm/contracts/contact';
import { checkEmailAddress } from '@mmdm/contracts/email';
import { HONEYPOT_FIELD } from '@mmdm/contracts/waitlist';
import { ApiError, postJson, retryOnceIfTransient, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/contact';

/** One attempt waits at most this long, the proof of work still being solved included (the waitlist call's wait). */
export const CONTACT_TIMEOUT_MS = 10_000;
/** The pause before the one retry of a failed attempt (react-query's first retry delay, which the panel uses). */
const RETRY_DELAY_MS = 1_000;

export interface ContactMessageInput {
  name: string;
  email: string;
  message: string;
  /** The hidden honeypot field, sent only when something filled it in. */
  honeypot?: string;
}

/**
 * POST /waitlist/contact with the proof of work when the service asks for one. The address goes out as the service
 * will store it (the shared address rule); one the rule refuses goes out trimmed, for the service to say why.
 */
export async function sendContactMessage(
  input: ContactMessageInput & { altcha?: string | undefined },
  signal: AbortSignal,
): Promise<ContactAnswer> {
  const checked = checkEmailAddress(input.email, { deliverable: true });
  const body = {
    name: input.name,
    email: checked.ok ? checked.address : input.email.trim(),
    message: input.message,
    ...(input.altcha ? { altcha: input.altcha } : {}),
    ...(input.honeypot ? { [HONEYPOT_FIELD]: input.honeypot } : {}),
  };
  const answer = contactAnswer.safeParse(await postJson(requestTo(calls.sendContactMessage), body, signal));
  if (!answer.success) throw new ApiError('invalid-response');
  return answer.data;
}

export type SendState = { status: 'idle' } | { status: 'sending' } | { status: 'failed'; error: unknown };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The form's call with the app's rule for mutations: one more try when the network or the server failed, never for
 * an answer about the message itself. Each attempt takes a fresh solution of the proof of work (one is spent by each
 * sending the service accepts, released by one it fails). Written without react-query, as the waitlist form's call
 * is: this is the page's only call, and react-query would be a tenth of its first load.
 */
export function useSendContactMessage(solution: (signal: AbortSignal) => Promise<string | undefined>) {
  const [state, setState] = useState<SendState>({ status: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Resolves true once the service took the message; the state says sending, then idle again or failed. */
  const send = useCallback(
    async (input: ContactMessageInput): Promise<boolean> => {
      setState({ status: 'sending' });
      for (let failures = 0; ; failures++) {
        try {
          const signal = AbortSignal.timeout(CONTACT_TIMEOUT_MS);
          await sendContactMessage({ ...input, altcha: await solution(signal) }, signal);
          if (mounted.current) setState({ status: 'idle' });
          return true;
        } catch (error) {
          if (retryOnceIfTransient(failures, error)) {
            await sleep(RETRY_DELAY_MS);
            continue;
          }
          if (mounted.current) setState({ status: 'failed', error });
          return false;
        }
      }
    },
    [solution],
  );

  return { state, send };
}
