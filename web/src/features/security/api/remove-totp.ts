import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { staffCommand } from '../../../lib/staff-api.js';

export function removeTotp(): Promise<void> {
  return staffCommand('/api/admin/me/mfa/totp', { method: 'DELETE' });
}

export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTotp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mfa }),
  });
}
