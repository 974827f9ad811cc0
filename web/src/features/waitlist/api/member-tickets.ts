import { useMutation, useQuery } from '@tanstack/react-query';
import { ERROR_CODES } from '@mmdm/contracts/error-codes';
import {
  attachedTicketAnswer,
  memberTicketsAnswer,
  type AttachedTicket,
  type MemberTicket,
} from '@mmdm/contracts/tickets';
import { ApiError, apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/tickets';

export type { MemberTicket };

const TICKETS_TIMEOUT_MS = 10_000;

/** GET /waitlist/tickets?token=: an admitted member's ticket links (none before the invitation is accepted). */
export async function getMemberTickets(token: string): Promise<MemberTicket[]> {
  const path = requestTo(calls.getMemberTickets, undefined, new URLSearchParams({ token }));
  const { data } = await apiRequest(path, memberTicketsAnswer, { signal: AbortSignal.timeout(TICKETS_TIMEOUT_MS) });
  return data.tickets;
}

/** Read again once the invitation is accepted (`admitted` in the key): the tickets are made by the acceptance. */
export function useMemberTickets(token: string, admitted: boolean) {
  return useQuery({
    queryKey: ['waitlist', 'tickets', token, admitted] as const,
    queryFn: () => getMemberTickets(token),
    enabled: admitted && token !== '',
    retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.retryable),
  });
}

/** What using a ticket came to, as the place page says it. */
export type AttachOutcome =
  AttachedTicket | { state: 'refused'; why: 'used' | 'revoked' | 'own' | 'not_needed' | 'invalid' };

const REFUSALS: Record<string, 'used' | 'revoked' | 'own' | 'not_needed' | 'invalid'> = {
  [ERROR_CODES.ticketUsed]: 'used',
  [ERROR_CODES.ticketRevoked]: 'revoked',
  [ERROR_CODES.ticketOwn]: 'own',
  [ERROR_CODES.ticketNotNeeded]: 'not_needed',
  [ERROR_CODES.ticketInvalid]: 'invalid',
};

/** POST /waitlist/ticket/attach {token, ticket}: the place link's token proves the place is the person's. */
export async function attachTicket({ token, ticket }: { token: string; ticket: string }): Promise<AttachOutcome> {
  try {
    const { data } = await apiRequest(requestTo(calls.attachTicket), attachedTicketAnswer, {
      body: { token, ticket },
      signal: AbortSignal.timeout(TICKETS_TIMEOUT_MS),
    });
    return data;
  } catch (error) {
    const why = error instanceof ApiError && error.kind === 'http' && error.code ? REFUSALS[error.code] : undefined;
    if (why) return { state: 'refused', why };
    throw error;
  }
}

export function useAttachTicket() {
  return useMutation({ mutationFn: attachTicket });
}
