import { queryOptions, useQuery } from '@tanstack/react-query';
import { confirmLinkAnswer } from '@mmdm/contracts/launch';
import { CONFIRM_TIMEOUT_MS, confirmationKey, refusalOutcome, type ConfirmOutcome } from './confirm-entry.js';
import { ApiError, apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

/** What a confirmation link stands for before the click: still to confirm, or one of the outcomes of confirming. */
export type ConfirmationStatus = { kind: 'pending'; email: string } | ConfirmOutcome;

/**
 * GET /waitlist/confirm?token=: reads the link's state and changes nothing, so a mail scanner that opens the page
 * and runs its script confirms nobody; the page then asks for the click that POSTs.
 */
export async function getConfirmationStatus(token: string): Promise<ConfirmationStatus> {
  try {
    const path = requestTo(calls.getConfirmationStatus, undefined, new URLSearchParams({ token }));
    const { data } = await apiRequest(path, confirmLinkAnswer, {
      signal: AbortSignal.timeout(CONFIRM_TIMEOUT_MS),
    });
    if (data.status === 'pending') return { kind: 'pending', email: data.email };
    return { kind: 'confirmed', entry: data, alreadyConfirmed: true };
  } catch (error) {
    return refusalOutcome(error);
  }
}

export const confirmationStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: confirmationKey(token),
    queryFn: () => getConfirmationStatus(token),
    // The place moves as friends confirm: reopening the link reads it again, but not every refocus of the tab.
    staleTime: 60_000,
    retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.retryable),
  });

export function useConfirmationStatus(token: string, enabled: boolean) {
  return useQuery({ ...confirmationStatusQueryOptions(token), enabled });
}
