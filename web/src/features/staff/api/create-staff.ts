import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestTo } from '../../../lib/api-client.js';
import { staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import type { StaffRole } from '../../../lib/staff-roles.js';
import * as calls from '@mmdm/contracts/calls/staff-auth';

export interface CreateStaffInput {
  email: string;
  password: string;
  role: StaffRole;
}

export function createStaff(input: CreateStaffInput): Promise<unknown> {
  // The answer's body is not needed: the list is fetched again.
  return staffRequest(requestTo(calls.createStaff), z.unknown(), { body: input });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    // Creating twice is refused as a duplicate, so a retry after a lost answer is harmless but confusing: none.
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.staff }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
