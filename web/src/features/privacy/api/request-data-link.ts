import { useMutation } from '@tanstack/react-query';
import { postJson, retryOnceIfTransient, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/privacy';

/** POST /waitlist/data-access {email}: the same answer whether or not the address is on the list. */
export async function requestDataLink(email: string): Promise<void> {
  await postJson(requestTo(calls.requestDataLink), { email }, AbortSignal.timeout(10_000));
}

export function useRequestDataLink() {
  return useMutation({ mutationFn: requestDataLink, retry: retryOnceIfTransient });
}
