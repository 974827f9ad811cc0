// Tickets for friends, the public side (decision 036): what an admitted member's invitation page lists, what a
// ticket link's page learns about its ticket, and what a friend already in line sends to use one. zod/mini, like
// ./launch: the public pages bundle these.
import { z } from 'zod/mini';
import { TICKET_CODE_PATTERN } from './limits.js';
import { TOKEN_PATTERN } from './waitlist.js';

/** A ticket's code travels as a mail token does (limits.ts). */
export { TICKET_CODE_PATTERN };

export const ticketCode = z
  .string({ error: 'A ticket code is required.' })
  .check(z.regex(TICKET_CODE_PATTERN, 'The ticket link is incomplete or damaged. Open it again as it was sent.'));

const token = z
  .string({ error: 'A token is required.' })
  .check(z.regex(TOKEN_PATTERN, 'The link is incomplete or damaged. Open it again from the e-mail.'));

/** GET /waitlist/ticket?code=: what a ticket link's page asks. */
export const ticketQuery = z.object({ code: ticketCode });

/**
 * What a ticket is now, as its link's page says it: `open` (it can still be used), `used` (someone joined with it),
 * `revoked` (staff withdrew it). Nothing about whose it is.
 */
export const TICKET_STATES = ['open', 'used', 'revoked'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
export const ticketLink = z.object({ state: z.enum(TICKET_STATES) });
export type TicketLink = z.infer<typeof ticketLink>;
export const ticketLinkAnswer = z.object({ data: ticketLink });

/** GET /waitlist/tickets?token=: an admitted member's invitation token. */
export const memberTicketsQuery = z.object({ token });

/** One of the member's tickets: its link to hand to a friend, and whether it is still open. */
export const memberTicket = z.object({ url: z.string(), state: z.enum(TICKET_STATES) });
export type MemberTicket = z.infer<typeof memberTicket>;
/** `data` of GET /waitlist/tickets: the member's tickets, in their order (none until the invitation is accepted). */
export const memberTickets = z.object({ tickets: z.array(memberTicket) });
export type MemberTickets = z.infer<typeof memberTickets>;
export const memberTicketsAnswer = z.object({ data: memberTickets });

/**
 * POST /waitlist/ticket/attach: a friend already in line uses a ticket, proving the entry is theirs by the token of
 * their confirmation (place) link. Nothing in it names an address.
 */
export const attachTicketBody = z.strictObject(
  { token, ticket: ticketCode },
  { error: 'Send a JSON object like {"token": "...", "ticket": "..."}.' },
);
export type AttachTicketBody = z.output<typeof attachTicketBody>;

/**
 * `data` of POST /waitlist/ticket/attach: `attached` when the person's entry still waits for its confirmation (the
 * ticket is used when it confirms), `used` once it is theirs: they are invited in the next wave of their city.
 */
export const attachedTicket = z.object({ state: z.enum(['attached', 'used']) });
export type AttachedTicket = z.infer<typeof attachedTicket>;
export const attachedTicketAnswer = z.object({ data: attachedTicket });
