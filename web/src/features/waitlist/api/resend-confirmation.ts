import { useMutation } from '@tanstack/react-query';
import { messageAnswer as answer } from '@mmdm/contracts/waitlist';
import { postJson, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

/** POST /waitlist/resend {token}: always the same generic answer (no enumeration); a new mail if one is due. */
export async function resendConfirmation(token: string): Promise<string | undefined> {
  const body = answer.parse(
    await postJson(requestTo(calls.resendConfirmation), { token }, AbortSignal.timeout(10_000)),
  );
  return body.message;
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
