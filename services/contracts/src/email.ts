import { z } from 'zod/mini';
import { MAX_EMAIL_LENGTH } from './limits.js';

/*
 * One e-mail address rule for the web form, the waitlist and the staff accounts, so an address means the same thing
 * wherever it is typed, compared or stored:
 *   1. refuse control characters (CR/LF are the header-injection pair) and invisible ones (zero-width spaces and
 *      joiners, bidi controls, soft hyphen, BOM, variation selectors, tags): `admin@x.test` + U+200B looks like
 *      `admin@x.test` and must not become a second account that does;
 *   2. Unicode NFKC, then trim: full-width `ａｄｍｉｎ` and other compatibility forms become the ASCII they look like;
 *   3. ASCII only after that: we neither send SMTPUTF8 nor want look-alikes, and every mixed-script spoof (a Cyrillic
 *      `а` among Latin letters) is non-ASCII;
 *   4. RFC 5322 dot-atom local part of at most 64 characters, a DNS host name, at most 254 characters in all;
 *   5. the domain lower-cased (DNS is case-insensitive); the local part kept as typed for display. The identity of an
 *      address (`emailKey`) is the whole of it lower-cased.
 */

// C0 controls, DEL, C1 controls and Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// Format characters (zero-width space/joiners, bidi controls, soft hyphen, BOM, tags) and everything else Unicode
// says a renderer may show as nothing (variation selectors, Hangul fillers, ...).
const INVISIBLE_CHARACTERS = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const NON_ASCII = /[^\u0020-\u007e]/;

// RFC 5322 dot-atom local part (letters, digits and !#$%&'*+/=?^_`{|}~- between single dots).
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// A DNS label; punycode (xn--...) labels pass, so a TLD may hold digits and hyphens.
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export interface EmailRuleOptions {
  /**
   * The address will be mailed: its domain needs at least two labels and a TLD that is not all digits (that would be
   * an IP address). Staff accounts may use internal addresses such as `admin@localhost`, never mailed.
   */
  deliverable: boolean;
}

export type EmailProblem = 'required' | 'too_long' | 'control' | 'invisible' | 'not_ascii' | 'syntax';

export type EmailCheck = { ok: true; address: string } | { ok: false; problem: EmailProblem; message: string };

export const EMAIL_MESSAGES: Record<EmailProblem, string> = {
  required: 'An e-mail address is required.',
  too_long: `The e-mail address must be at most ${MAX_EMAIL_LENGTH} characters.`,
  control: 'The e-mail address must not contain line breaks or other control characters.',
  invisible: 'The e-mail address must not contain invisible characters (such as zero-width spaces).',
  not_ascii: 'The e-mail address may only hold Latin letters, digits and the usual punctuation.',
  syntax: 'Enter a valid e-mail address, like name@example.com.',
};

function refuse(problem: EmailProblem): EmailCheck {
  return { ok: false, problem, message: EMAIL_MESSAGES[problem] };
}

function hasValidSyntax(address: string, { deliverable }: EmailRuleOptions): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at !== address.indexOf('@')) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64 || domain.length > 253 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  if (!deliverable) return true;
  return labels.length >= 2 && !/^\d+$/.test(labels.at(-1) ?? '');
}

/** Applies the rule: the address to store and show, or why it is refused. */
export function checkEmailAddress(raw: string, options: EmailRuleOptions): EmailCheck {
  if (CONTROL_CHARACTERS.test(raw)) return refuse('control');
  if (INVISIBLE_CHARACTERS.test(raw)) return refuse('invisible');
  const normalized = raw.normalize('NFKC').trim();
  // NFKC can produce what step 1 refuses (rare compatibility forms): check again.
  if (CONTROL_CHARACTERS.test(normalized)) return refuse('control');
  if (INVISIBLE_CHARACTERS.test(normalized)) return refuse('invisible');
  if (normalized === '') return refuse('required');
  if (normalized.length > MAX_EMAIL_LENGTH) return refuse('too_long');
  if (NON_ASCII.test(normalized)) return refuse('not_ascii');
  if (!hasValidSyntax(normalized, options)) return refuse('syntax');
  const at = normalized.indexOf('@');
  return { ok: true, address: normalized.slice(0, at + 1) + normalized.slice(at + 1).toLowerCase() };
}

/** The identity of an address, for uniqueness and look-ups: the normalised address, lower-cased. */
export function emailKey(address: string): string {
  return address.toLowerCase();
}

/**
 * The rule as a zod field: text in, the normalised address out (a 400 naming the problem otherwise). zod/mini, so
 * the public pages that bundle it stay small; it nests in classic zod objects too.
 */
export function emailAddress(options: EmailRuleOptions) {
  return z.pipe(
    z.string({
      error: (issue) => (issue.input === undefined ? EMAIL_MESSAGES.required : 'The e-mail address must be text.'),
    }),
    z.transform((value: string, ctx) => {
      const check = checkEmailAddress(value, options);
      if (check.ok) return check.address;
      ctx.issues.push({ code: 'custom', message: check.message, input: value });
      return z.NEVER;
    }),
  );
}
