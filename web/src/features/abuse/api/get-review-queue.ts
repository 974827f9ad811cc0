import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewQueueSchema } from '@mmdm/contracts/abuse-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-review';

/** GET /review: entries flagged at sign-up and referral credits held by a fraud rule, oldest first. */
export function getReviewQueue(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.getReviewQueue), reviewQueueSchema, { signal });
}

export const reviewQueueOptions = () =>
  queryOptions({ queryKey: adminKeys.review, queryFn: ({ signal }) => getReviewQueue(signal), retry: queryRetry });

export function useReviewQueue() {
  return useQuery(reviewQueueOptions());
}
