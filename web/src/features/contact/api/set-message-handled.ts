import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactMessageSummarySchema, type ContactMessage } from '@mmdm/contracts/contact-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { mutationRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-messages';

export interface SetHandledInput {
  id: string;
  handled: boolean;
}

/** POST /messages/:id/handled {handled}: handled once answered, or open again; audited. */
export function setMessageHandled({ id, handled }: SetHandledInput) {
  return staffRequest(requestTo(calls.setContactMessageHandled, { id }), contactMessageSummarySchema, {
    body: { handled },
  });
}

export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageHandled,
    retry: mutationRetry,
    // The message from the answer (reading it again would be another audited read), the lists it moves between
    // (and their count of open ones), and the audit log.
    onSuccess: (summary, { id }) => {
      queryClient.setQueryData(adminKeys.message(id), (message: ContactMessage | undefined) =>
        message ? { ...message, ...summary } : message,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.messageLists }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]);
    },
  });
}
