import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { mutationRetry, staffCommand } from '../../../lib/staff-api.js';

export function resetStaffMfa(staffId: string): Promise<void> {
  return staffCommand(`/api/admin/mfa/staff/${encodeURIComponent(staffId)}/reset`, { method: 'POST' });
}

export function useResetStaffMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffMfa,
    retry: mutationRetry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.staffMfa }),
  });
}
