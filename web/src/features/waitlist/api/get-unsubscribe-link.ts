import { queryOptions, useQuery } from '@tanstack/react-query';
import { unsubscribeLinkAnswer, type UnsubscribeLink } from '@mmdm/contracts/waitlist';
import { ApiError, apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/waitlist';

/** An unsubscribe link before the click: its address and whether it is done, or a link we do not know. */
export type UnsubscribeLinkState = ({ kind: 'link' } & UnsubscribeLink) | { kind: 'invalid' };

/** GET /waitlist/unsubscribe/link?token=: reads the link, changing nothing (mail scanners open links). */
export async function getUnsubscribeLink(token: string): Promise<UnsubscribeLinkState> {
  try {
    const path = requestTo(calls.getUnsubscribeLink, undefined, new URLSearchParams({ token }));
    const { data } = await apiRequest(path, unsubscribeLinkAnswer, { signal: AbortSignal.timeout(10_000) });
    return { kind: 'link', ...data };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && (error.status === 404 || error.status === 400)) {
      return { kind: 'invalid' };
    }
    throw error;
  }
}

export const unsubscribeLinkKey = (token: string) => ['waitlist', 'unsubscribe-link', token] as const;

export const unsubscribeLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: unsubscribeLinkKey(token),
    queryFn: () => getUnsubscribeLink(token),
    staleTime: Infinity,
    retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.retryable),
  });

export function useUnsubscribeLink(token: string, enabled: boolean) {
  return useQuery({ ...unsubscribeLinkQueryOptions(token), enabled });
}
