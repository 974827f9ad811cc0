import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { auditPageSchema } from '@mmdm/contracts/audit';
import * as calls from '@mmdm/contracts/calls/staff-auth';

/** The auth service's audit log (logins, staff changes), newest first, keyset-paged. */
export function getAuthAudit(cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams(cursor ? { cursor } : {});
  return staffRequest(requestTo(calls.listAuthAudit, undefined, query), auditPageSchema, { signal });
}

export const authAuditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.authAudit,
    queryFn: ({ pageParam, signal }) => getAuthAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
    retry: queryRetry,
  });

export function useAuthAudit(enabled = true) {
  return useInfiniteQuery({ ...authAuditQueryOptions(), enabled });
}
