import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewQueueSchema } from '@mmdm/contracts/abuse-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';

/** GET /review: entries flagged at sign-up and referral credits held by a fraud rule, oldest first. */
export function getReviewQueue(signal?: AbortSignal) {
  return staffRequest('/api/admin/waitlist/review', reviewQueueSchema, { signal });
}

export const reviewQueueOptions = () =>
  queryOptions({ queryKey: adminKeys.review, queryFn: ({ signal }) => getReviewQueue(signal), retry: queryRetry });

export function useReviewQueue() {
  return useQuery(reviewQueueOptions());
}
