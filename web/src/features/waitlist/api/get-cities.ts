import { queryOptions, useQuery } from '@tanstack/react-query';
import { citiesAnswer, type City, type ListedCity } from '@mmdm/contracts/launch';
import { ApiError, apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

export type { City, ListedCity };

const CITIES_TIMEOUT_MS = 10_000;

/**
 * GET /waitlist/cities: the cities staff launch in, which a confirmed person may choose from, each with a threshold
 * with its progress toward opening.
 */
export async function getCities(): Promise<ListedCity[]> {
  const { data } = await apiRequest(requestTo(calls.listCities), citiesAnswer, {
    signal: AbortSignal.timeout(CITIES_TIMEOUT_MS),
  });
  return data.cities;
}

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: ['waitlist', 'cities'] as const,
    queryFn: getCities,
    staleTime: 5 * 60_000,
    retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.retryable),
  });

export function useCities(enabled: boolean) {
  return useQuery({ ...citiesQueryOptions(), enabled });
}
