import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryRetry, staffRequest } from './api-client.js';
import { adminKeys } from './query-keys.js';

const statsSchema = z.object({
  total: z.number(),
  confirmed: z.number(),
  today: z.number(),
  recent: z.array(z.object({ type: z.enum(['signup', 'confirmation']), email: z.string(), at: z.string() })),
});
export type WaitlistStats = z.infer<typeof statsSchema>;
export type ActivityItem = WaitlistStats['recent'][number];

export function getWaitlistStats(signal?: AbortSignal) {
  return staffRequest('/api/admin/waitlist/stats', statsSchema, { signal });
}

export const waitlistStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.waitlistStats,
    queryFn: ({ signal }) => getWaitlistStats(signal),
    retry: queryRetry,
    // The dashboard is looked at to see what is happening now: five-minute-old figures would mislead.
    staleTime: 30_000,
  });

export function useWaitlistStats() {
  return useQuery(waitlistStatsQueryOptions());
}
