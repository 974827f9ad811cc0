import { queryOptions, useQuery } from '@tanstack/react-query';
import { launchStatsSchema, type LaunchStats } from '@mmdm/contracts/launch-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-launch';

export type { LaunchStats };

/** GET /launch-stats: per-city counts and the top referrers. */
export function getLaunchStats(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.getLaunchStats), launchStatsSchema, { signal });
}

export const launchStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.launch, 'stats'] as const,
    queryFn: ({ signal }) => getLaunchStats(signal),
    retry: queryRetry,
  });

export function useLaunchStats() {
  return useQuery(launchStatsQueryOptions());
}
