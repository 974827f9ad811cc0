import { queryOptions, useQuery } from '@tanstack/react-query';
import { mfaStatusSchema, type MfaStatus } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';

export function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return staffRequest('/api/admin/me/mfa', mfaStatusSchema, { signal });
}

export const mfaStatusQuery = () =>
  queryOptions({ queryKey: adminKeys.mfa, queryFn: ({ signal }) => getMfaStatus(signal), retry: queryRetry });

export function useMfaStatus() {
  return useQuery(mfaStatusQuery());
}
