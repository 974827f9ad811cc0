import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryRetry, staffRequest } from './api-client.js';
import { adminKeys } from './query-keys.js';

const analyticsSchema = z.object({
  days: z.array(z.object({ date: z.string(), signups: z.number(), confirmations: z.number() })),
  /** Confirmed sign-ups over all sign-ups of the period, as a fraction (0..1); null when there were none. */
  confirmationRate: z.number().nullable(),
  topReferralSources: z.array(z.object({ source: z.string(), count: z.number() })),
});
export type WaitlistAnalytics = z.infer<typeof analyticsSchema>;
export type DayFigures = WaitlistAnalytics['days'][number];

export interface AnalyticsPeriod {
  /** YYYY-MM-DD, inclusive (UTC days). */
  from: string;
  to: string;
}

export function getWaitlistAnalytics({ from, to }: AnalyticsPeriod, signal?: AbortSignal) {
  const params = new URLSearchParams({ from, to });
  return staffRequest(`/api/admin/waitlist/analytics?${params.toString()}`, analyticsSchema, { signal });
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
