import { useMutation } from '@tanstack/react-query';
import { CONTACT_API_PATHS, contactAnswer, type ContactAnswer } from '@mmdm/contracts/contact';
import { checkEmailAddress } from '@mmdm/contracts/email';
import { HONEYPOT_FIELD } from '@mmdm/contracts/waitlist';
import { ApiError, postJson, retryOnceIfTransient } from '../../../lib/api-client.js';

/** One attempt waits at most this long, the proof of work still being solved included (the waitlist call's wait). */
export const CONTACT_TIMEOUT_MS = 10_000;

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
  const answer = contactAnswer.safeParse(await postJson(CONTACT_API_PATHS.send, body, signal));
  if (!answer.success) throw new ApiError('invalid-response');
  return answer.data;
}

/**
 * The form's call, with the app's rule for mutations (one more try when the network or the server failed, never for
 * an answer about the message itself). Each attempt takes a fresh solution of the proof of work: one is spent by
 * each sending the service accepts, and released by one it fails.
 */
export function useSendContactMessage(solution: (signal: AbortSignal) => Promise<string | undefined>) {
  return useMutation({
    mutationFn: async (input: ContactMessageInput) => {
      const signal = AbortSignal.timeout(CONTACT_TIMEOUT_MS);
      return sendContactMessage({ ...input, altcha: await solution(signal) }, signal);
    },
    retry: retryOnceIfTransient,
  });
}
