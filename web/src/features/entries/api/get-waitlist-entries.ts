import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@mmdm/contracts/limits';
import { entriesPageSchema, type EntriesPage, type EntryStatus } from '@mmdm/contracts/waitlist-admin';
import { requestTo } from '../../../lib/api-client.js';
import { queryRetry, staffRequest } from '../../../lib/staff-api.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';

export const ENTRIES_PAGE_SIZE = 25;

/** The service refuses shorter search terms: they cannot use its trigram index. */
export { SEARCH_MIN_LENGTH };

export interface EntriesFilter {
  status: EntryStatus | 'all';
  /** Part of an address, at least SEARCH_MIN_LENGTH characters; empty for all. */
  q: string;
  /** `place`: people holding a place, best first (the service ignores the status then, and refuses a search). */
  order: 'desc' | 'asc' | 'place';
  /** A city id: only people who chose it (not combined with a search); null for all. */
  city: number | null;
}

export interface EntriesPageParams extends EntriesFilter {
  cursor: string | null;
}

export type { EntriesPage };

/** The query string the list and the CSV export share, so an export is exactly the filtered list. */
export function filterSearchParams({ status, q }: Pick<EntriesFilter, 'status' | 'q'>): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'all') params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  return params;
}

export function getWaitlistEntries(page: EntriesPageParams, signal?: AbortSignal) {
  // Place order and the city filter have their own index and cursor on the service: a search does not combine.
  const launchList = page.order === 'place' || page.city !== null;
  const params = filterSearchParams({
    status: page.order === 'place' ? 'all' : page.status,
    q: launchList ? '' : page.q,
  });
  params.set('order', page.order);
  if (page.city !== null) params.set('city', String(page.city));
  params.set('limit', String(ENTRIES_PAGE_SIZE));
  if (page.cursor) params.set('cursor', page.cursor);
  return staffRequest(requestTo(calls.listEntries, undefined, params), entriesPageSchema, { signal });
}

export const waitlistEntriesQueryOptions = (page: EntriesPageParams) =>
  queryOptions({
    queryKey: [...adminKeys.waitlistEntries, page] as const,
    queryFn: ({ signal }) => getWaitlistEntries(page, signal),
    retry: queryRetry,
    staleTime: 30_000,
  });

export function useWaitlistEntries(page: EntriesPageParams) {
  // The previous page stays on screen while the next one loads, so the table does not jump.
  return useQuery({ ...waitlistEntriesQueryOptions(page), placeholderData: keepPreviousData });
}
