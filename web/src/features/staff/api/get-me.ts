import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { staffAccountSchema } from '@mmdm/contracts/auth';

export function getMe(signal?: AbortSignal) {
  return staffRequest('/api/admin/me', staffAccountSchema, { signal });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.me, queryFn: ({ signal }) => getMe(signal), retry: queryRetry });

export function useMe() {
  return useQuery(meQueryOptions());
}
