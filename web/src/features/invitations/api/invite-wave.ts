import { useMutation, useQueryClient } from '@tanstack/react-query';
import { waveAcceptedSchema } from '@mmdm/contracts/launch-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffRequest } from '../../../lib/staff-api.js';
import type { WaveRequest } from './get-wave-preview.js';
import * as calls from '@mmdm/contracts/calls/staff-launch';

/** POST /invitations {count, city?}: 202 {invited, waveId}; the invitation mails go out through the outbox. */
export function inviteWave(request: WaveRequest) {
  return staffRequest(requestTo(calls.inviteWave), waveAcceptedSchema, { body: request });
}

export function useInviteWave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteWave,
    // A lost answer retried would invite a second wave: never retried.
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.launch }),
        queryClient.invalidateQueries({ queryKey: adminKeys.cities }),
        queryClient.invalidateQueries({ queryKey: adminKeys.waitlistEntries }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
