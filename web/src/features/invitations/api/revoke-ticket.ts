import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffTicketSchema } from '@mmdm/contracts/tickets-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-tickets';

/** POST /tickets/:id/revoke {reason}: the ticket can no longer be used, nor put its friend first. Audited. */
export function revokeTicket({ id, reason }: { id: number; reason: string }) {
  return staffRequest(requestTo(calls.revokeTicket, { id }), staffTicketSchema, { body: { reason } });
}

/** POST /tickets/:id/approve: a ticket a referral rule held puts its friend first after all. Audited. */
export function approveTicket(id: number) {
  return staffRequest(requestTo(calls.approveTicket, { id }), staffTicketSchema);
}

export function useApproveTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveTicket,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.launch }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

export function useRevokeTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeTicket,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.launch }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
