import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cityOpenedSchema } from '@mmdm/contracts/launch-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-launch';

/** POST /cities/:id/open: opens a city awaiting approval with its first wave; open already: `alreadyOpen`. */
export function openCity(id: number) {
  return staffRequest(requestTo(calls.openCity, { id }), cityOpenedSchema, {});
}

export function useOpenCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openCity,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.cities }),
        queryClient.invalidateQueries({ queryKey: adminKeys.launch }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
