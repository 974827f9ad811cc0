// What staff do with the messages of the contact form (waitlist service).
import { defineCall, BODY_ERRORS, staffErrors, ok, pathParam } from './define-call.js';
import {
  contactMessageSchema,
  contactMessageSummarySchema,
  contactMessagesPageSchema,
  listMessagesParams,
  messageIdParam,
  messageHandledBody,
} from '../contact-admin.js';

const messageId = pathParam('A message id.', messageIdParam);

export const listContactMessages = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/messages',
  operationId: 'listContactMessages',
  tag: 'staff-messages',
  summary: 'Messages from the contact form',
  description:
    'Newest first, paged by `nextCursor`; `state` open (the default), handled or all; `open` counts those still to answer. Who wrote and when, not what. Audited as a staff read (`messages.list`).',
  access: 'viewer',
  query: { schema: listMessagesParams },
  answers: ok('A page of messages.', contactMessagesPageSchema),
  errors: [400, ...staffErrors('viewer')],
});

export const readContactMessage = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/messages/{id}',
  operationId: 'readContactMessage',
  tag: 'staff-messages',
  summary: 'Read a message',
  description: 'The message, and when its mail reached the support address. Audited as a staff read (`message.read`).',
  access: 'viewer',
  params: { id: messageId },
  answers: ok('The message.', contactMessageSchema),
  errors: [400, 404, ...staffErrors('viewer')],
});

export const setContactMessageHandled = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/messages/{id}/handled',
  operationId: 'setContactMessageHandled',
  tag: 'staff-messages',
  summary: 'Mark a message handled, or open again',
  description: '`{handled: true}` once it is answered, `false` to open it again. Audited.',
  access: 'admin',
  params: { id: messageId },
  body: messageHandledBody,
  answers: ok('The message as it is now.', contactMessageSummarySchema),
  errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
});

export const eraseContactMessage = defineCall({
  method: 'delete',
  path: '/api/admin/waitlist/messages/{id}',
  operationId: 'eraseContactMessage',
  tag: 'staff-messages',
  summary: 'Erase a message',
  description: 'Now, before its retention period ends (an erasure request, say). Audited.',
  access: 'admin',
  params: { id: messageId },
  answers: { 204: { description: 'Erased.' } },
  errors: [400, 404, ...staffErrors('admin')],
});

/** In the order the document lists them. */
export const STAFF_MESSAGE_CALLS = [
  listContactMessages,
  readContactMessage,
  setContactMessageHandled,
  eraseContactMessage,
] as const;
