import { useMutation } from '@tanstack/react-query';
import { PRIVACY_API_PATHS } from '@mmdm/contracts/privacy';
import { postJson, retryOnceIfTransient } from '../../../lib/api-client.js';

/** POST /waitlist/data-access {email}: the same answer whether or not the address is on the list. */
export async function requestDataLink(email: string): Promise<void> {
  await postJson(PRIVACY_API_PATHS.requestLink, { email }, AbortSignal.timeout(10_000));
}

export function useRequestDataLink() {
  return useMutation({ mutationFn: requestDataLink, retry: retryOnceIfTransient });
}
