import { queryOptions, useQuery } from '@tanstack/react-query';
import { mfaPolicySchema, type MfaPolicy } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';

export function getMfaPolicy(signal?: AbortSignal): Promise<MfaPolicy> {
  return staffRequest('/api/admin/mfa/policy', mfaPolicySchema, { signal });
}

export const mfaPolicyQuery = () =>
  queryOptions({ queryKey: adminKeys.mfaPolicy, queryFn: ({ signal }) => getMfaPolicy(signal), retry: queryRetry });

export function useMfaPolicy() {
  return useQuery(mfaPolicyQuery());
}
