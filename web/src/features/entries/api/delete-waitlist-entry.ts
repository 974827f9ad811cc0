import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, requestTo } from '../../../lib/api-client.js';
import { mutationRetry, staffCommand } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

/** Erasure on request: the entry, its tokens and its queued mails. */
export async function deleteWaitlistEntry(id: string): Promise<void> {
  try {
    await staffCommand(requestTo(calls.eraseEntry, { id }));
  } catch (error) {
    // Gone already (a retry after a lost answer, or a colleague was quicker): what was asked for is true.
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

export function useDeleteWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWaitlistEntry,
    retry: mutationRetry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.waitlist }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
