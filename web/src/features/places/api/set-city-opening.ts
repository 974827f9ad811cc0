import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCitySchema, type CityOpeningBody } from '@mmdm/contracts/launch-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-launch';

/** PATCH /cities/:id {openingThreshold, firstWaveSize, openMode}: the city as it is now (it may have opened). */
export function setCityOpening({ id, ...settings }: CityOpeningBody & { id: number }) {
  return staffRequest(requestTo(calls.setCityOpening, { id }), staffCitySchema, { body: settings });
}

export function useSetCityOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCityOpening,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.cities }),
        queryClient.invalidateQueries({ queryKey: adminKeys.launch }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
