import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationAnswer } from '@mmdm/contracts/launch';
import { apiRequest, requestTo } from '../../../lib/api-client.js';
import { INVITATION_TIMEOUT_MS, invitationKey, invitationRefusal, type InvitationOutcome } from './get-invitation.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

/** POST /waitlist/invitation/accept {token}: sent by the click; accepting twice answers "admitted" again. */
export async function acceptInvitation(token: string): Promise<InvitationOutcome> {
  try {
    const { data } = await apiRequest(requestTo(calls.acceptInvitation), invitationAnswer, {
      body: { token },
      signal: AbortSignal.timeout(INVITATION_TIMEOUT_MS),
    });
    return { kind: 'invitation', invitation: data };
  } catch (error) {
    return invitationRefusal(error);
  }
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // The page reads the invitation from the cache: the accepted one replaces it, so a re-render cannot go back.
    onSuccess: (outcome, token) => queryClient.setQueryData(invitationKey(token), outcome),
  });
}
