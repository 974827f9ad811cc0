import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCitiesSchema } from '@mmdm/contracts/launch-admin';
import type { z } from 'zod';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-launch';

export type StaffCity = z.infer<typeof staffCitiesSchema>['items'][number];

/** GET /cities: the staff-kept list people choose their city from, with how many chose each. */
export function getCities(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.listStaffCities), staffCitiesSchema, { signal });
}

export const citiesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.cities, queryFn: ({ signal }) => getCities(signal), retry: queryRetry });

export function useStaffCities() {
  return useQuery(citiesQueryOptions());
}
