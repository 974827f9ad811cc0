import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { postJson } from './http.js';

const answer = z.object({ success: z.literal(true), message: z.string().optional() });

/** POST /waitlist/resend {token}: always the same generic answer (no enumeration); a new mail if one is due. */
export async function resendConfirmation(token: string): Promise<string | undefined> {
  const body = answer.parse(await postJson('/waitlist/resend', { token }, AbortSignal.timeout(10_000)));
  return body.message;
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
