import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCitySchema } from '@mmdm/contracts/launch-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { staffRequest } from '../../../lib/staff-api.js';

/** POST /cities {name}: 201 the city; 409 `city_exists`. */
export function createCity(name: string) {
  return staffRequest('/api/admin/waitlist/cities', staffCitySchema, { method: 'POST', body: { name } });
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
