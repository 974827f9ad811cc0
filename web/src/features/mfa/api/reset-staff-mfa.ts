import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { mutationRetry, staffCommand } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

export function resetStaffMfa(staffId: string): Promise<void> {
  return staffCommand(requestTo(calls.resetStaffSecondFactor, { id: staffId }));
}

export function useResetStaffMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffMfa,
    retry: mutationRetry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.staffMfa }),
  });
}
