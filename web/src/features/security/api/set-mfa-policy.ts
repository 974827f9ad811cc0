import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaPolicySchema, type MfaPolicy } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { mutationRetry, staffRequest } from '../../../lib/staff-api.js';

export function setMfaPolicy(required: boolean): Promise<MfaPolicy> {
  return staffRequest('/api/admin/mfa/policy', mfaPolicySchema, { method: 'PUT', body: { required } });
}

export function useSetMfaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMfaPolicy,
    retry: mutationRetry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.mfa }),
  });
}
