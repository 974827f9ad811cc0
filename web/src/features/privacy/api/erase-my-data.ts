import { useMutation } from '@tanstack/react-query';
import { PRIVACY_API_PATHS } from '@mmdm/contracts/privacy';
import { postJson, retryOnceIfTransient } from '../../../lib/api-client.js';

/** POST /waitlist/your-data/erase {session}: everything goes at once. */
export async function eraseMyData(session: string): Promise<void> {
  await postJson(PRIVACY_API_PATHS.erase, { session }, AbortSignal.timeout(10_000));
}

export function useEraseMyData() {
  return useMutation({ mutationFn: eraseMyData, retry: retryOnceIfTransient });
}
