import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { auditPageSchema } from '@mmdm/contracts/audit';

/** The waitlist service's audit log (exports, deletions, resends), newest first, keyset-paged. */
export function getWaitlistAudit(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return staffRequest(`/api/admin/waitlist/audit${query}`, auditPageSchema, { signal });
}

export const waitlistAuditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.waitlistAudit,
    queryFn: ({ pageParam, signal }) => getWaitlistAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
    retry: queryRetry,
  });

export function useWaitlistAudit(enabled = true) {
  return useInfiniteQuery({ ...waitlistAuditQueryOptions(), enabled });
}
