import { queryOptions, useQuery } from '@tanstack/react-query';
import { wavesSchema, type Wave } from '@mmdm/contracts/launch-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-launch';

export type { Wave };

/** GET /api/admin/waitlist/invitations: the last 100 waves, newest first, with how many were let in so far. */
export function getWaves(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.listWaves), wavesSchema, { signal });
}

export const wavesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.launch, 'waves'] as const,
    queryFn: ({ signal }) => getWaves(signal),
    retry: queryRetry,
  });

export function useWaves() {
  return useQuery(wavesQueryOptions());
}
