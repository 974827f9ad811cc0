import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewCountSchema } from '@mmdm/contracts/abuse-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { LIVE_REFRESH_MS } from '../../../lib/live.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-review';

/** GET /review/count: how many entries and credits wait for a decision (numbers only, no address). */
export function getReviewCount(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.getReviewCount), reviewCountSchema, { signal });
}

/** Under the review key: a decision (which invalidates the queue) refreshes the count too. */
export const reviewCountOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.review, 'count'],
    queryFn: ({ signal }) => getReviewCount(signal),
    retry: queryRetry,
    refetchInterval: LIVE_REFRESH_MS,
  });

export function useReviewCount(enabled = true) {
  return useQuery({ ...reviewCountOptions(), enabled });
}
