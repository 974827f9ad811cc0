import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { staffCommand } from '../../../lib/staff-api.js';

export function removePasskey(id: string): Promise<void> {
  return staffCommand(`/api/admin/me/mfa/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mfa }),
  });
}
