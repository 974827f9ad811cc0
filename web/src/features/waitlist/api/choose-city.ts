import { useMutation, useQueryClient } from '@tanstack/react-query';
import { placeStatusAnswer, type PlaceStatus } from '@mmdm/contracts/launch';
import { apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

/** A city's id, 'other' (not on the list), or null (rather not say). */
export type CityChoice = number | 'other' | null;

const CITY_TIMEOUT_MS = 10_000;

/** POST /waitlist/city {token, cityId}: only the city is sent, nothing else about the person. */
export async function chooseCity({ token, cityId }: { token: string; cityId: CityChoice }): Promise<PlaceStatus> {
  const { data } = await apiRequest(requestTo(calls.chooseCity), placeStatusAnswer, {
    body: { token, cityId },
    signal: AbortSignal.timeout(CITY_TIMEOUT_MS),
  });
  return data;
}

export function useChooseCity() {
  const queryClient = useQueryClient();
  // The chosen city's count now includes the person: its progress is read again.
  return useMutation({
    mutationFn: chooseCity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['waitlist', 'cities'] }),
  });
}
