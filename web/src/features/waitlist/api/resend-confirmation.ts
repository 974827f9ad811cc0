import { useMutation } from '@tanstack/react-query';
// zod/mini: the same validation at a fraction of the bytes in the public bundle.
import { z } from 'zod/mini';
import { postJson } from './http.js';

const answer = z.object({ success: z.literal(true), message: z.optional(z.string()) });

/** POST /waitlist/resend {token}: always the same generic answer (no enumeration); a new mail if one is due. */
export async function resendConfirmation(token: string): Promise<string | undefined> {
  const body = answer.parse(await postJson('/waitlist/resend', { token }, AbortSignal.timeout(10_000)));
  return body.message;
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
