import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recoveryCodesSchema } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffRequest, mutationRetry } from '../../../lib/staff-api.js';
import { useConfirmFirst } from '../lib/confirm-first.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

export async function renewRecoveryCodes(): Promise<string[]> {
  return (await staffRequest(requestTo(calls.renewRecoveryCodes), recoveryCodesSchema)).recoveryCodes;
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  const confirmFirst = useConfirmFirst();
  return useMutation({
    // A 403 reauth_required the person cancelled is an answer, not a failure to retry.
    retry: mutationRetry,
    mutationFn: () => confirmFirst(renewRecoveryCodes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mfa }),
  });
}
