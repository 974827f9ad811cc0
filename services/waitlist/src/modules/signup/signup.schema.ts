import { z } from 'zod';
import { TOKEN_PATTERN } from '../../lib/tokens.js';

// C0 controls (incl. CR/LF, the header-injection pair), DEL, C1 controls and Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

// RFC 5322 dot-atom local part (letters, digits and !#$%&'*+/=?^_`{|}~- between single dots), at most 64 characters.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// DNS host name of at least two labels; labels may be punycode (xn--...), so the TLD may hold digits and hyphens,
// but it is never all digits (that would be an IP address, which we do not mail).
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Plain ASCII addresses as mail providers hand them out; quoted local parts and IP literals are refused. */
export function isDeliverableAddressFormat(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at !== address.indexOf('@')) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64 || domain.length > 253 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return !/^\d+$/.test(labels.at(-1) ?? '');
}

export const MAX_EMAIL_LENGTH = 254;

const emailField = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'An e-mail address is required.' : 'The e-mail address must be text.',
  })
  .refine((value) => !CONTROL_CHARACTERS.test(value), {
    message: 'The e-mail address must not contain line breaks or other control characters.',
    abort: true,
  })
  .trim()
  .min(1, { message: 'An e-mail address is required.', abort: true })
  .max(MAX_EMAIL_LENGTH, { message: `The e-mail address must be at most ${MAX_EMAIL_LENGTH} characters.`, abort: true })
  .refine(isDeliverableAddressFormat, 'Enter a valid e-mail address, like name@example.com.');

export const signupBody = z.strictObject(
  {
    email: emailField,
    referralSource: z
      .string({ error: 'The referral code must be text.' })
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'The referral code may only hold up to 32 letters, digits, - and _.')
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
        : 'Send a JSON object like {"email": "name@example.com"}.',
  },
);
export type SignupInput = z.output<typeof signupBody>;

const tokenField = z
  .string({ error: 'A token is required.' })
  .regex(TOKEN_PATTERN, 'The link is incomplete or damaged. Open it again from the e-mail.');

export const tokenBody = z.strictObject({ token: tokenField }, { error: 'Send a JSON object like {"token": "..."}.' });

/** A link's token in the query string (the confirmation page's read-only status call). */
export const tokenQuery = z.object({ token: tokenField });

/** RFC 8058 one-click unsubscribe: the token in the query, the fixed form body. */
export const oneClickQuery = z.object({ token: tokenField });
export const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });
