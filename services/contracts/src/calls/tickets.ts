// The public calls of tickets for friends (decision 036): a member's tickets, what a ticket link stands for, and
// using one from a place one holds already. Joining with a ticket is POST /waitlist with `ticket` (./waitlist).
import { defineCall, BODY_ERRORS, ok } from './define-call.js';
import {
  attachTicketBody,
  attachedTicketAnswer,
  memberTicketsAnswer,
  memberTicketsQuery,
  ticketLinkAnswer,
  ticketQuery,
} from '../tickets.js';

export const getMemberTickets = defineCall({
  method: 'get',
  path: '/waitlist/tickets',
  operationId: 'getMemberTickets',
  tag: 'launch',
  access: 'public',
  summary: "An admitted member's tickets for friends",
  description:
    'What the invitation page lists once the invitation is accepted: TICKETS_PER_MEMBER single-use links, each `open`, `used` or `revoked`. An invitation not accepted yet has none (an empty list). Never cached.',
  query: { schema: memberTicketsQuery, descriptions: { token: 'The invitation token.' } },
  answers: ok("The member's tickets.", memberTicketsAnswer),
  errors: [400, 404, 410],
});

export const getTicket = defineCall({
  method: 'get',
  path: '/waitlist/ticket',
  operationId: 'getTicket',
  tag: 'launch',
  access: 'public',
  summary: 'What a ticket link stands for (read-only)',
  description:
    'Whether the ticket can still be used (`open`), was used (`used`) or withdrawn (`revoked`); nothing about whose it is. An unknown code: 404 `ticket_invalid`. Changes nothing.',
  query: { schema: ticketQuery, descriptions: { code: 'The code of the ticket link.' } },
  answers: ok("The ticket's state.", ticketLinkAnswer),
  errors: [400, 404],
});

export const attachTicket = defineCall({
  method: 'post',
  path: '/waitlist/ticket/attach',
  operationId: 'attachTicket',
  tag: 'launch',
  access: 'public',
  summary: 'Use a ticket for a place one holds already',
  description:
    "The token of the person's confirmation link proves the entry is theirs; no address is sent, so nothing is learnt about who is on the list. Pending: the ticket is kept and used at the confirmation (`attached`); confirmed: it is used now (`used`), and the next wave of the person's city invites them first. Refusals: 404 `ticket_invalid` (or `token_invalid`), 409 `ticket_used`, 410 `ticket_revoked`, 409 `ticket_own` (the member's own ticket), 409 `ticket_not_needed` (invited already, or holding a ticket).",
  body: attachTicketBody,
  answers: ok('Kept for the confirmation, or used.', attachedTicketAnswer),
  errors: [...BODY_ERRORS, 404, 409, 410],
});

/** In the order the document lists them. */
export const TICKET_CALLS = [getMemberTickets, getTicket, attachTicket] as const;
