import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffMfaListSchema, type StaffMfaList } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';

export function getStaffMfa(signal?: AbortSignal): Promise<StaffMfaList> {
  return staffRequest('/api/admin/mfa/staff', staffMfaListSchema, { signal });
}

export const staffMfaQuery = () =>
  queryOptions({ queryKey: adminKeys.staffMfa, queryFn: ({ signal }) => getStaffMfa(signal), retry: queryRetry });

export function useStaffMfa() {
  return useQuery(staffMfaQuery());
}
