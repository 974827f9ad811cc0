import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCommand } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { clearStaffToken } from '../../../lib/staff-token.js';

/** Revokes the token on the server. */
export function logout(): Promise<void> {
  return staffCommand('/api/admin/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Signing out must never hang on a retry: the local session ends either way.
    retry: false,
    onSettled: () => {
      // Even when the server could not be told, this browser forgets the token: signing out always signs this browser out.
      clearStaffToken();
      queryClient.removeQueries({ queryKey: adminKeys.all });
    },
  });
}
