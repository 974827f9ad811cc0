import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactMessageSchema } from '@mmdm/contracts/contact-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-messages';

/** GET /messages/:id: the message itself (audited as a staff read). */
export function getContactMessage(id: string, signal?: AbortSignal) {
  return staffRequest(requestTo(calls.readContactMessage, { id }), contactMessageSchema, { signal });
}

export const contactMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.message(id),
    queryFn: ({ signal }) => getContactMessage(id, signal),
    retry: queryRetry,
    staleTime: 30_000,
  });

export function useContactMessage(id: string) {
  return useQuery(contactMessageQueryOptions(id));
}
