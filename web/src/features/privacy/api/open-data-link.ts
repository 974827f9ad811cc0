import { useMutation } from '@tanstack/react-query';
import { dataOpenAnswer, type DataOpenAnswer } from '@mmdm/contracts/privacy';
import { ApiError, apiRequest, retryOnceIfTransient, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/privacy';

export type OpenOutcome =
  | { kind: 'opened'; answer: DataOpenAnswer }
  /** Used already, expired, or not a link of ours: the page explains and offers a new one. */
  | { kind: 'used' | 'expired' | 'invalid' };

/** POST /waitlist/your-data/open {token}: spends the link, answers everything held and a session for the erasure. */
export async function openDataLink(token: string): Promise<OpenOutcome> {
  try {
    const answer = await apiRequest(requestTo(calls.openDataLink), dataOpenAnswer, {
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
