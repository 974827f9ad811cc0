import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffCommand } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-launch';

/** DELETE /cities/:id: 204; the people who chose it keep their place, their city becomes none. */
export function deleteCity(id: number) {
  return staffCommand(requestTo(calls.deleteCity, { id }));
}

export function useDeleteCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCity,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.cities }),
        queryClient.invalidateQueries({ queryKey: adminKeys.launch }),
        queryClient.invalidateQueries({ queryKey: adminKeys.waitlistEntries }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
