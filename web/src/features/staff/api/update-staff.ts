import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestTo } from '../../../lib/api-client.js';
import { mutationRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import type { StaffRole } from '../../../lib/staff-roles.js';
import * as calls from '@mmdm/contracts/calls/staff-auth';

export interface UpdateStaffInput {
  id: string;
  changes: { role?: StaffRole; disabled?: boolean };
}

export function updateStaff({ id, changes }: UpdateStaffInput): Promise<unknown> {
  return staffRequest(requestTo(calls.updateStaff, { id }), z.unknown(), { body: changes });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    // Setting a role or the disabled flag is idempotent, so a retry is safe.
    retry: mutationRetry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.staff }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
