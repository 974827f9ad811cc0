import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { auditPageSchema } from '@mmdm/contracts/audit';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

/** `reads`: staff reading personal data only; `changes`: everything else; undefined: all of it. */
export type WaitlistAuditKind = 'reads' | 'changes' | undefined;

/** The waitlist service's audit log (reads of personal data, exports, deletions, resends), newest first, keyset-paged. */
export function getWaitlistAudit(cursor: string | null, kind: WaitlistAuditKind, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (kind) params.set('kind', kind);
  return staffRequest(requestTo(calls.listWaitlistAudit, undefined, params), auditPageSchema, { signal });
}

export const waitlistAuditQueryOptions = (kind?: WaitlistAuditKind) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.waitlistAudit, kind ?? 'all'],
    queryFn: ({ pageParam, signal }) => getWaitlistAudit(pageParam, kind, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
    retry: queryRetry,
  });

export function useWaitlistAudit(enabled = true, kind?: WaitlistAuditKind) {
  return useInfiniteQuery({ ...waitlistAuditQueryOptions(kind), enabled });
}
