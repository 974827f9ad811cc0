// The staff's "Messages" screen (/api/admin/waitlist/messages): what visitors wrote through the contact form. What the
// service accepts and the answers the panel reads. Classic zod, like ./waitlist-admin: only the panel loads it.
import { z } from 'zod';
import { pageLimit } from './waitlist-admin.js';

/** Which messages a list shows: those still to answer (the default), those handled, or all. */
export const MESSAGE_STATES = ['open', 'handled', 'all'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

const id = z.string().regex(/^\d{1,18}$/, 'A message id is a number.');

/** GET /messages?state=&limit=&cursor=: newest first; the cursor is the last id of the previous page. */
export const listMessagesParams = z.object({
  state: z.enum(MESSAGE_STATES).default('open'),
  limit: pageLimit,
  cursor: id.optional(),
});
export type ListMessagesParams = z.output<typeof listMessagesParams>;

/** The `{id}` of a message's path. */
export const messageIdParam = id;

/** POST /messages/:id/handled: `{handled: true}` marks it handled, `false` opens it again. */
export const messageHandledBody = z.strictObject({ handled: z.boolean() });

/** One message in the list: who wrote and when, not what (reading it is its own, audited, call). */
export const contactMessageSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  receivedAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ContactMessageSummary = z.infer<typeof contactMessageSummarySchema>;

export const contactMessagesPageSchema = z.object({
  items: z.array(contactMessageSummarySchema),
  nextCursor: z.string().nullable(),
  /** Messages still to answer, whatever the filter. */
  open: z.number(),
});
export type ContactMessagesPage = z.infer<typeof contactMessagesPageSchema>;

/** GET /messages/:id: the message itself, and whether its mail reached the support address's server. */
export const contactMessageSchema = contactMessageSummarySchema.extend({
  message: z.string(),
  /** When the SMTP server took the mail to SUPPORT_EMAIL; null while it is on its way (or was given up). */
  mailedAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
