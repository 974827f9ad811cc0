import { useMutation } from '@tanstack/react-query';
import { ApiError, postJson, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

export type UnsubscribeOutcome = 'unsubscribed' | 'invalid';

/** POST /waitlist/unsubscribe {token}. An unknown token is an outcome to explain, not a crash. */
export async function unsubscribe(token: string): Promise<UnsubscribeOutcome> {
  try {
    await postJson(requestTo(calls.unsubscribe), { token }, AbortSignal.timeout(10_000));
    return 'unsubscribed';
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && (error.status === 404 || error.status === 400)) {
      return 'invalid';
    }
    throw error;
  }
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
