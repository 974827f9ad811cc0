import { useMutation } from '@tanstack/react-query';
import { dataOpenAnswer, PRIVACY_API_PATHS, type DataOpenAnswer } from '@mmdm/contracts/privacy';
import { ApiError, apiRequest, retryOnceIfTransient } from '../../../lib/api-client.js';

export type OpenOutcome =
  | { kind: 'opened'; answer: DataOpenAnswer }
  /** Used already, expired, or not a link of ours: the page explains and offers a new one. */
  | { kind: 'used' | 'expired' | 'invalid' };

/** POST /waitlist/your-data/open {token}: spends the link, answers everything held and a session for the erasure. */
export async function openDataLink(token: string): Promise<OpenOutcome> {
  try {
    const answer = await apiRequest(PRIVACY_API_PATHS.open, dataOpenAnswer, {
      method: 'POST',
      body: { token },
      signal: AbortSignal.timeout(10_000),
    });
    return { kind: 'opened', answer };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') {
      if (error.status === 409) return { kind: 'used' };
      if (error.status === 410) return { kind: 'expired' };
      if (error.status === 404 || error.status === 400) return { kind: 'invalid' };
    }
    throw error;
  }
}

export function useOpenDataLink() {
  return useMutation({ mutationFn: openDataLink, retry: retryOnceIfTransient });
}
