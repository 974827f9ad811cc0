import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationAnswer, type Invitation } from '@mmdm/contracts/launch';
import { ERROR_CODES } from '@mmdm/contracts/error-codes';
import { ApiError, apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

export type { Invitation };

/** An invitation link: the invitation it stands for, or a link the service does not know (or a damaged one). */
export type InvitationOutcome =
  | { kind: 'invitation'; invitation: Invitation }
  | { kind: 'invalid' }
  /** The link was real; its entry unsubscribed or was erased since (410 `entry_removed`). */
  | { kind: 'removed' };

export const INVITATION_TIMEOUT_MS = 10_000;

/** The refusal a link can meet (unknown or malformed token) as an outcome the page explains; anything else is thrown. */
export function invitationRefusal(error: unknown): InvitationOutcome {
  if (error instanceof ApiError && error.kind === 'http' && error.code === ERROR_CODES.entryRemoved) {
    return { kind: 'removed' };
  }
  if (error instanceof ApiError && error.kind === 'http' && (error.status === 404 || error.status === 400)) {
    return { kind: 'invalid' };
  }
  throw error;
}

/**
 * GET /waitlist/invitation?token=: reads the invitation and changes nothing (mail scanners fetch links and run
 * pages' scripts); accepting is the POST sent by the person's click.
 */
export async function getInvitation(token: string): Promise<InvitationOutcome> {
  try {
    const path = requestTo(calls.getInvitation, undefined, new URLSearchParams({ token }));
    const { data } = await apiRequest(path, invitationAnswer, { signal: AbortSignal.timeout(INVITATION_TIMEOUT_MS) });
    return { kind: 'invitation', invitation: data };
  } catch (error) {
    return invitationRefusal(error);
  }
}

export const invitationKey = (token: string) => ['waitlist', 'invitation', token] as const;

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationKey(token),
    queryFn: () => getInvitation(token),
    staleTime: Infinity,
    retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.retryable),
  });

export function useInvitation(token: string, enabled: boolean) {
  return useQuery({ ...invitationQueryOptions(token), enabled });
}
