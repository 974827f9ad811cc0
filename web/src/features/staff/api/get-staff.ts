import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { staffListSchema } from '@mmdm/contracts/auth';
import * as calls from '@mmdm/contracts/calls/staff-auth';

export function getStaff(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.listStaff), staffListSchema, { signal });
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.staff, queryFn: ({ signal }) => getStaff(signal), retry: queryRetry });

export function useStaff(enabled = true) {
  return useQuery({ ...staffQueryOptions(), enabled });
}
