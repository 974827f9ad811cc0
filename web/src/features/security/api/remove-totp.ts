import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { staffCommand, mutationRetry } from '../../../lib/staff-api.js';
import { useConfirmFirst } from '../lib/confirm-first.js';

export function removeTotp(): Promise<void> {
  return staffCommand('/api/admin/me/mfa/totp', { method: 'DELETE' });
}

export function useRemoveTotp() {
  const queryClient = useQueryClient();
  const confirmFirst = useConfirmFirst();
  return useMutation({
    // A 403 reauth_required the person cancelled is an answer, not a failure to retry.
    retry: mutationRetry,
    mutationFn: () => confirmFirst(removeTotp),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mfa }),
  });
}
