import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { staffAccountSchema } from '@mmdm/contracts/auth';
import * as calls from '@mmdm/contracts/calls/staff-auth';

export function getMe(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.getOwnAccount), staffAccountSchema, { signal });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.me, queryFn: ({ signal }) => getMe(signal), retry: queryRetry });

export function useMe() {
  return useQuery(meQueryOptions());
}
