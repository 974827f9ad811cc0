import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffCommand, mutationRetry } from '../../../lib/staff-api.js';
import { useConfirmFirst } from '../lib/confirm-first.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

export function removeTotp(): Promise<void> {
  return staffCommand(requestTo(calls.removeTotp));
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
