// Tickets for friends, the staff side (decision 036): the list with its totals, and revoking one. Classic zod, like
// ./launch-admin.
import { z } from 'zod';

export const STAFF_TICKET_STATES = ['open', 'used', 'held', 'revoked'] as const;

/** GET /tickets?state=&limit= */
export const ticketsQuery = z.object({
  state: z.enum(STAFF_TICKET_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TicketsQuery = z.output<typeof ticketsQuery>;

const person = z.object({ id: z.number(), email: z.string() });

export const staffTicketSchema = z.object({
  id: z.number(),
  owner: person,
  createdAt: z.string(),
  /** `held`: used, but a referral-fraud rule held it (the friend keeps their place, without priority). */
  state: z.enum(STAFF_TICKET_STATES),
  /** The friend who used it; null while open, or once that friend was erased. */
  usedBy: person.nullable(),
  usedAt: z.string().nullable(),
  heldRule: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

/**
 * The figures: tickets `given` (created for admitted members), `used` (held ones included), `held`, `revoked`, and
 * `waiting`: friends holding a ticket who are not invited yet (the next wave of their city takes them first).
 */
export const ticketTotalsSchema = z.object({
  given: z.number(),
  used: z.number(),
  held: z.number(),
  revoked: z.number(),
  waiting: z.number(),
});
export type TicketTotals = z.infer<typeof ticketTotalsSchema>;

/** 200 of GET /tickets: the totals, and the newest tickets (in `state`, if given). */
export const ticketsSchema = z.object({ totals: ticketTotalsSchema, items: z.array(staffTicketSchema) });
export type Tickets = z.infer<typeof ticketsSchema>;

/** The longest reason staff may give for revoking a ticket (it is kept on the ticket and in the audit log). */
export const TICKET_REVOKE_REASON_MAX_LENGTH = 200;

/** POST /tickets/:id/revoke {reason}: typed by the admin, trimmed, required. */
export const revokeTicketBody = z.strictObject({
  reason: z.string().trim().min(1).max(TICKET_REVOKE_REASON_MAX_LENGTH),
});
