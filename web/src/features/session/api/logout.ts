import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTo } from '../../../lib/api-client.js';
import { staffCommand } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { clearStaffToken } from '../../../lib/staff-token.js';
import * as calls from '@mmdm/contracts/calls/staff-auth';

/** Revokes the token on the server. */
export function logout(): Promise<void> {
  return staffCommand(requestTo(calls.logout));
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
