import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCitiesSchema } from '@mmdm/contracts/launch-admin';
import type { z } from 'zod';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';

export type StaffCity = z.infer<typeof staffCitiesSchema>['items'][number];

/** GET /cities: the staff-kept list people choose their city from, with how many chose each. */
export function getCities(signal?: AbortSignal) {
  return staffRequest('/api/admin/waitlist/cities', staffCitiesSchema, { signal });
}

export const citiesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.cities, queryFn: ({ signal }) => getCities(signal), retry: queryRetry });

export function useStaffCities() {
  return useQuery(citiesQueryOptions());
}
