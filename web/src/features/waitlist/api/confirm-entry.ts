import { useMutation } from '@tanstack/react-query';
import { API_PATHS, confirmAnswer, confirmedEntry as confirmed, type ConfirmedEntry } from '@mmdm/contracts/waitlist';
import { ApiError, postJson } from '../../../lib/api-client.js';

export type { ConfirmedEntry };

export type ConfirmOutcome =
  | { kind: 'confirmed'; entry: ConfirmedEntry; alreadyConfirmed: boolean }
  | { kind: 'expired' }
  | { kind: 'used' }
  | { kind: 'invalid' };

const CONFIRM_TIMEOUT_MS = 10_000;

/**
 * POST /waitlist/confirm {token}. Known refusals become outcomes the page explains; only the unexpected (network,
 * server failure) is thrown.
 */
export async function confirmEntry(token: string): Promise<ConfirmOutcome> {
  try {
    const answer = await postJson(API_PATHS.confirm, { token }, AbortSignal.timeout(CONFIRM_TIMEOUT_MS));
    const parsed = confirmAnswer.safeParse(answer);
    if (!parsed.success) throw new ApiError('invalid-response');
    return { kind: 'confirmed', entry: parsed.data.data, alreadyConfirmed: false };
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'http') throw error;
    if (error.status === 409) {
      // Already confirmed: the answer still carries the code, so a second click shows the same page.
      const entry = confirmed.safeParse(error.data);
      return entry.success ? { kind: 'confirmed', entry: entry.data, alreadyConfirmed: true } : { kind: 'used' };
    }
    if (error.status === 410) return { kind: 'expired' };
    if (error.status === 404 || error.status === 400) return { kind: 'invalid' };
    throw error;
  }
}

export function useConfirmEntry() {
  return useMutation({ mutationFn: confirmEntry });
}
