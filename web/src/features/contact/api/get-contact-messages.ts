import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contactMessagesPageSchema, type MessageState } from '@mmdm/contracts/contact-admin';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-messages';

export const MESSAGES_PAGE_SIZE = 25;

export interface MessagesPageParams {
  state: MessageState;
  /** The last id of the previous page; null for the newest. */
  cursor: string | null;
}

/** GET /messages?state=&limit=&cursor=: who wrote and when, newest first (audited as a staff read). */
export function getContactMessages({ state, cursor }: MessagesPageParams, signal?: AbortSignal) {
  const params = new URLSearchParams({ state, limit: String(MESSAGES_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return staffRequest(requestTo(calls.listContactMessages, undefined, params), contactMessagesPageSchema, { signal });
}

export const contactMessagesQueryOptions = (page: MessagesPageParams) =>
  queryOptions({
    queryKey: [...adminKeys.messageLists, page] as const,
    queryFn: ({ signal }) => getContactMessages(page, signal),
    retry: queryRetry,
    staleTime: 30_000,
  });

export function useContactMessages(page: MessagesPageParams) {
  // The previous page stays on screen while the next one loads, so the table does not jump.
  return useQuery({ ...contactMessagesQueryOptions(page), placeholderData: keepPreviousData });
}
