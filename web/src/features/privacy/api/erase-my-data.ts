import { useMutation } from '@tanstack/react-query';
import { postJson, retryOnceIfTransient, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/privacy';

/** POST /waitlist/your-data/erase {session}: everything goes at once. */
export async function eraseMyData(session: string): Promise<void> {
  await postJson(requestTo(calls.eraseMyData), { session }, AbortSignal.timeout(10_000));
}

export function useEraseMyData() {
  return useMutation({ mutationFn: eraseMyData, retry: retryOnceIfTransient });
}
