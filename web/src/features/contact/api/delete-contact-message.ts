import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffCommand } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-messages';

/** DELETE /messages/:id: erased now, with its mail's row (an erasure request by mail, say); audited. */
export function deleteContactMessage(id: string) {
  return staffCommand(requestTo(calls.eraseContactMessage, { id }));
}

export function useDeleteContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactMessage,
    // Not retried: a first attempt that did erase would make the second a 404.
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.messageLists }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
