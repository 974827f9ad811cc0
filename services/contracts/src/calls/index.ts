// Every declared call, in the order the OpenAPI document lists them. For the document and the services only: the
// web app imports the one module of its calls, so a page bundles no declaration it does not make.
import type { CallDeclaration } from './define-call.js';
import { WAITLIST_CALLS } from './waitlist.js';
import { TICKET_CALLS } from './tickets.js';
import { PRIVACY_CALLS } from './privacy.js';
import { CONTACT_CALLS } from './contact.js';
import { MAIL_HOOK_CALLS } from './mail-hooks.js';
import { STAFF_AUTH_CALLS } from './staff-auth.js';
import { STAFF_MFA_CALLS } from './staff-mfa.js';
import { STAFF_WAITLIST_CALLS } from './staff-waitlist.js';
import { STAFF_LAUNCH_CALLS } from './staff-launch.js';
import { STAFF_TICKET_CALLS } from './staff-tickets.js';
import { STAFF_REVIEW_CALLS } from './staff-review.js';
import { STAFF_MESSAGE_CALLS } from './staff-messages.js';
import { STAFF_WEBHOOK_CALLS } from './staff-webhooks.js';

export const ALL_CALLS: readonly CallDeclaration[] = [
  ...WAITLIST_CALLS,
  ...TICKET_CALLS,
  ...PRIVACY_CALLS,
  ...CONTACT_CALLS,
  ...MAIL_HOOK_CALLS,
  ...STAFF_AUTH_CALLS,
  ...STAFF_MFA_CALLS,
  ...STAFF_WAITLIST_CALLS,
  ...STAFF_LAUNCH_CALLS,
  ...STAFF_TICKET_CALLS,
  ...STAFF_REVIEW_CALLS,
  ...STAFF_MESSAGE_CALLS,
  ...STAFF_WEBHOOK_CALLS,
];
