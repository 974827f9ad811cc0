import { queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsSchema, type WaitlistAnalytics } from '@mmdm/contracts/waitlist-admin';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

export type { WaitlistAnalytics };
export type DayFigures = WaitlistAnalytics['days'][number];

export interface AnalyticsPeriod {
  /** YYYY-MM-DD, inclusive (UTC days). */
  from: string;
  to: string;
}

export function getWaitlistAnalytics({ from, to }: AnalyticsPeriod, signal?: AbortSignal) {
  const params = new URLSearchParams({ from, to });
  return staffRequest(requestTo(calls.getAnalytics, undefined, params), analyticsSchema, { signal });
}

export const waitlistAnalyticsQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...adminKeys.waitlistAnalytics, period] as const,
    queryFn: ({ signal }) => getWaitlistAnalytics(period, signal),
    retry: queryRetry,
  });

export function useWaitlistAnalytics(period: AnalyticsPeriod) {
  return useQuery(waitlistAnalyticsQueryOptions(period));
}
