// The contact form on /contact.
import { defineCall, BODY_ERRORS, ok } from './define-call.js';
import { contactAnswer, contactBody } from '../contact.js';
import { challengeAnswer } from '../waitlist.js';

export const sendContactMessage = defineCall({
  method: 'post',
  path: '/waitlist/contact',
  operationId: 'sendContactMessage',
  tag: 'contact',
  access: 'public',
  summary: 'Write to our team',
  description:
    'Stores the message and mails it to the support address (SUPPORT_EMAIL) with the sender as Reply-To; kept CONTACT_RETENTION_DAYS. Throttled per network (CONTACT_RATE_LIMIT per hour). When the service asks for proof of work (GET /waitlist/contact/challenge), `altcha` carries the solution; without it the answer is 400 `challenge_required` and nothing is written. `website` is a hidden honeypot field: filled, the answer is the same 200 and nothing is written. Bodies up to 32 kB.',
  body: contactBody,
  answers: ok('Stored; its mail to our team is on its way.', contactAnswer),
  errors: [...BODY_ERRORS, 429, 503],
});

export const getContactChallenge = defineCall({
  method: 'get',
  path: '/waitlist/contact/challenge',
  operationId: 'getContactChallenge',
  tag: 'contact',
  access: 'public',
  summary: 'A proof-of-work challenge for the contact form (ALTCHA)',
  description:
    "As GET /waitlist/challenge, at the contact form's own pressure (CONTACT_PRESSURE_*); its solution goes in the message's `altcha` field and is accepted once. Never cached.",
  answers: ok('A challenge, or null when none is asked for (SIGNUP_CHALLENGE=off).', challengeAnswer),
  errors: [],
});

/** In the order the document lists them. */
export const CONTACT_CALLS = [sendContactMessage, getContactChallenge] as const;
