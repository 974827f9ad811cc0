import { ticketLinkAnswer, type TicketLink } from '@mmdm/contracts/tickets';
import { apiRequest, requestTo } from '../../../lib/api-client.js';
import * as calls from '@mmdm/contracts/calls/tickets';

/** GET /waitlist/ticket?code=: whether a ticket link can still be used; nothing about whose it is. */
export async function getTicket(code: string, signal: AbortSignal): Promise<TicketLink> {
  const answer = await apiRequest(
    requestTo(calls.getTicket, undefined, new URLSearchParams({ code })),
    ticketLinkAnswer,
    {
      signal,
    },
  );
  return answer.data;
}
