import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mutationRetry, staffCommand } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';

export function resendConfirmation(id: string): Promise<void> {
  return staffCommand(`/api/admin/waitlist/entries/${encodeURIComponent(id)}/resend`, { method: 'POST' });
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
