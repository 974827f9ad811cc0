// The contact form ("Get in Touch" on /contact): what the service accepts and answers, and what the public page sends
// and reads. zod/mini, like ./waitlist: the public pages bundle it.
import { z } from 'zod/mini';
import { emailAddress } from './email.js';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from './limits.js';
import { CHALLENGE_SOLUTION_MAX_LENGTH, HONEYPOT_FIELD } from './waitlist.js';

// C0 controls but tab and line feed, DEL, C1 controls and the Unicode line and paragraph separators: nothing a person
// types into a text field, and the CR/LF pair is what header injection is made of.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The visitor's name: one line, trimmed. */
export const contactName = z.string({ error: 'Your name is required.' }).check(
  z.overwrite((value) => value.trim()),
  z.minLength(1, 'Your name is required.'),
  z.maxLength(CONTACT_NAME_MAX_LENGTH, `Your name must be at most ${CONTACT_NAME_MAX_LENGTH} characters.`),
  z.refine((value) => !CONTROL_IN_LINE.test(value), 'Your name must be one line of text.'),
);

/** The message: line breaks kept (CRLF and CR become LF, as browsers send a textarea's), trimmed. */
export const contactMessage = z.string({ error: 'A message is required.' }).check(
  z.overwrite((value) => value.replace(/\r\n?/g, '\n').trim()),
  z.minLength(1, 'A message is required.'),
  z.maxLength(
    CONTACT_MESSAGE_MAX_LENGTH,
    `Your message must be at most ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  ),
  z.refine((value) => !CONTROL_IN_TEXT.test(value), 'Your message must not contain control characters.'),
);

/**
 * POST /waitlist/contact: `{name, email, message}`; unknown fields are refused. `altcha` carries the proof of work when
 * the service asks for one (GET /waitlist/contact/challenge); `website` is the form's hidden honeypot field.
 */
export const contactBody = z.strictObject(
  {
    name: contactName,
    email: emailAddress({ deliverable: true }),
    message: contactMessage,
    altcha: z.optional(
      z
        .string({ error: 'The proof of work must be text.' })
        .check(z.maxLength(CHALLENGE_SOLUTION_MAX_LENGTH, 'The proof of work is too long.')),
    ),
    [HONEYPOT_FIELD]: z.optional(z.string().check(z.maxLength(500))),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
        : 'Send a JSON object like {"name": "Jane Doe", "email": "jane@example.com", "message": "Hello"}.',
  },
);
export type ContactBody = z.input<typeof contactBody>;
export type ContactInput = z.output<typeof contactBody>;

/** 200 of POST /waitlist/contact: the message is stored and its mail to our team is queued. */
export const contactAnswer = z.object({ success: z.literal(true), message: z.string() });
export type ContactAnswer = z.infer<typeof contactAnswer>;
