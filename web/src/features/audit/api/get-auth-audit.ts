import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { auditPageSchema } from '@mmdm/contracts/audit';

/** The auth service's audit log (logins, staff changes), newest first, keyset-paged. */
export function getAuthAudit(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return staffRequest(`/api/admin/audit${query}`, auditPageSchema, { signal });
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
