import { queryOptions, useQuery } from '@tanstack/react-query';
import { statsSchema, type WaitlistStats } from '@mmdm/contracts/waitlist-admin';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { LIVE_REFRESH_MS } from '../../../lib/live.js';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

export type { WaitlistStats };
export type ActivityItem = WaitlistStats['recent'][number];

export function getWaitlistStats(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.getStats), statsSchema, { signal });
}

export const waitlistStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.waitlistStats,
    queryFn: ({ signal }) => getWaitlistStats(signal),
    retry: queryRetry,
    // The dashboard is looked at to see what is happening now: it refreshes itself while visible.
    staleTime: LIVE_REFRESH_MS / 2,
    refetchInterval: LIVE_REFRESH_MS,
  });

export function useWaitlistStats() {
  return useQuery(waitlistStatsQueryOptions());
}
