import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCitySchema } from '@mmdm/contracts/launch-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-launch';

/** POST /cities {name}: 201 the city; 409 `city_exists`. */
export function createCity(name: string) {
  return staffRequest(requestTo(calls.createCity), staffCitySchema, { body: { name } });
}

export function useCreateCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCity,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.cities }),
        queryClient.invalidateQueries({ queryKey: adminKeys.launch }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
