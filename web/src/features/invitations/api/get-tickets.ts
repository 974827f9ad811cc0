import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketsSchema, type StaffTicket, type Tickets } from '@mmdm/contracts/tickets-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-tickets';

export type { StaffTicket, Tickets };

/** GET /tickets: tickets given, used, held, revoked and waiting, and the newest tickets. */
export function getTickets(signal?: AbortSignal) {
  return staffRequest(requestTo(calls.listTickets), ticketsSchema, { signal });
}

export const ticketsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.launch, 'tickets'] as const,
    queryFn: ({ signal }) => getTickets(signal),
    retry: queryRetry,
  });

export function useTickets() {
  return useQuery(ticketsQueryOptions());
}
