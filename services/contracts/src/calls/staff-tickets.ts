// Tickets for friends, the staff's calls (waitlist service; decision 036): the list, revoking one, approving a held one.
import { defineCall, BODY_ERRORS, staffErrors, ok, pathParam } from './define-call.js';
import { revokeTicketBody, staffTicketSchema, ticketsQuery, ticketsSchema } from '../tickets-admin.js';

export const listTickets = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/tickets',
  operationId: 'listTickets',
  tag: 'staff-launch',
  summary: 'Tickets given and used',
  description:
    'The totals (given, used, held by a referral rule, revoked, friends waiting for the next wave) and the newest tickets, in `state` if given, with their member and the friend who used each.',
  access: 'viewer',
  query: { schema: ticketsQuery },
  answers: ok('The figures and the tickets.', ticketsSchema),
  errors: [400, ...staffErrors('viewer')],
});

export const revokeTicket = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/tickets/{id}/revoke',
  operationId: 'revokeTicket',
  tag: 'staff-launch',
  summary: 'Revoke a ticket',
  description:
    'An open ticket can no longer be used; a used one no longer puts its friend first (a friend invited already stays invited). Revoking twice answers 409 `ticket_revoked`. Audited.',
  access: 'admin',
  params: { id: pathParam('A ticket id.') },
  body: revokeTicketBody,
  answers: ok('Revoked: the ticket.', staffTicketSchema),
  errors: [...BODY_ERRORS, 404, 409, ...staffErrors('admin')],
});

export const approveTicket = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/tickets/{id}/approve',
  operationId: 'approveTicket',
  tag: 'staff-launch',
  summary: 'Approve a ticket held by a referral rule',
  description:
    'The hold is lifted: the friend who used the ticket goes first in the next wave of their city. Only a `held` ticket: 409 `ticket_not_held` otherwise. Audited.',
  access: 'admin',
  params: { id: pathParam('A ticket id.') },
  answers: ok('Approved: the ticket.', staffTicketSchema),
  errors: [404, 409, ...staffErrors('admin')],
});

/** In the order the document lists them. */
export const STAFF_TICKET_CALLS = [listTickets, revokeTicket, approveTicket] as const;
