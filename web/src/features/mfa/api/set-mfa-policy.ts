import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaPolicySchema, type MfaPolicy } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { mutationRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

export function setMfaPolicy(required: boolean): Promise<MfaPolicy> {
  return staffRequest(requestTo(calls.setSecondFactorPolicy), mfaPolicySchema, { body: { required } });
}

export function useSetMfaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMfaPolicy,
    retry: mutationRetry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mfa }),
  });
}
