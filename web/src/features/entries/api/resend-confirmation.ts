import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTo } from '../../../lib/api-client.js';
import { mutationRetry, staffCommand } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

export function resendConfirmation(id: string): Promise<void> {
  return staffCommand(requestTo(calls.resendEntryConfirmation, { id }));
}

export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendConfirmation,
    // The service's resend cooldown makes a repeat harmless.
    retry: mutationRetry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.waitlist }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
