import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffMfaListSchema, type StaffMfaList } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

export function getStaffMfa(signal?: AbortSignal): Promise<StaffMfaList> {
  return staffRequest(requestTo(calls.listStaffSecondFactors), staffMfaListSchema, { signal });
}

export const staffMfaQuery = () =>
  queryOptions({ queryKey: adminKeys.staffMfa, queryFn: ({ signal }) => getStaffMfa(signal), retry: queryRetry });

export function useStaffMfa() {
  return useQuery(staffMfaQuery());
}
