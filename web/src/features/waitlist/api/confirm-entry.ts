import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmedPlace, confirmedPlaceAnswer, type ConfirmedPlace } from '@mmdm/contracts/launch';
import { ERROR_CODES } from '@mmdm/contracts/error-codes';
import { ApiError, postJson, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

export type { ConfirmedPlace };

export type ConfirmOutcome =
  | { kind: 'confirmed'; entry: ConfirmedPlace; alreadyConfirmed: boolean }
  | { kind: 'expired' }
  | { kind: 'used' }
  | { kind: 'invalid' }
  /** The link was real; its entry unsubscribed or was erased since (410 `entry_removed`). */
  | { kind: 'removed' };

export const CONFIRM_TIMEOUT_MS = 10_000;

/** The refusals a link can meet (used, expired, unknown) as outcomes the page explains; anything else is thrown. */
export function refusalOutcome(error: unknown): ConfirmOutcome {
  if (!(error instanceof ApiError) || error.kind !== 'http') throw error;
  if (error.status === 409) {
    // Already confirmed: the answer still carries the code and the place, so a second click shows the same page.
    const entry = confirmedPlace.safeParse(error.data);
    return entry.success ? { kind: 'confirmed', entry: entry.data, alreadyConfirmed: true } : { kind: 'used' };
  }
  if (error.status === 410) return { kind: error.code === ERROR_CODES.entryRemoved ? 'removed' : 'expired' };
  if (error.status === 404 || error.status === 400) return { kind: 'invalid' };
  throw error;
}

/**
 * POST /waitlist/confirm {token}: sent only by the person's click. Known refusals become outcomes the page explains;
 * only the unexpected (network, server failure) is thrown.
 */
export async function confirmEntry(token: string): Promise<ConfirmOutcome> {
  try {
    const answer = await postJson(requestTo(calls.confirmSignup), { token }, AbortSignal.timeout(CONFIRM_TIMEOUT_MS));
    const parsed = confirmedPlaceAnswer.safeParse(answer);
    if (!parsed.success) throw new ApiError('invalid-response');
    return { kind: 'confirmed', entry: parsed.data.data, alreadyConfirmed: false };
  } catch (error) {
    return refusalOutcome(error);
  }
}

/** The key of a link's status (get-confirmation-status.ts), which confirming it changes. */
export const confirmationKey = (token: string) => ['waitlist', 'confirmation', token] as const;

export function useConfirmEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEntry,
    // Not awaited: the page shows the click's answer at once; the refreshed status is for a later visit.
    onSuccess: (_outcome, token) => void queryClient.invalidateQueries({ queryKey: confirmationKey(token) }),
  });
}
