import type { MessageDescriptor } from '@lingui/core';
import { ApiError } from '../../../lib/api-error.js';
import { i18n } from '../../../lib/i18n/i18n.js';

/** How long the success message and the error box stay (the timings the requirements set). */
export const SUCCESS_DISPLAY_MS = 5_000;
export const ERROR_DISPLAY_MS = 5_000;

/** The form's texts, translated where they are shown (`i18n._(messages.failed)`). */
export const messages = {
  successTitle: /*i18n*/ { id: 'web.waitlist.success.title', message: "You're on the list!" },
  successBody: /*i18n*/ {
    id: 'web.waitlist.success.body',
    message: "We'll notify you when the dating app launches. Get ready to find your perfect match!",
  },
  /** Around the address typed: the sign-up counts once the link in the mail is opened (double opt-in). */
  confirmBefore: /*i18n*/ { id: 'web.waitlist.success.confirmBefore', message: 'We sent a confirmation link to ' },
  confirmAfter: /*i18n*/ { id: 'web.waitlist.success.confirmAfter', message: '. Open it to get your place in line.' },
  failed: /*i18n*/ { id: 'web.waitlist.error.failed', message: 'Failed to join waitlist' },
  noMessage: /*i18n*/ { id: 'web.waitlist.error.noMessage', message: 'Something went wrong. Please try again.' },
} satisfies Record<string, MessageDescriptor>;

/**
 * The API answers with a code and an English sentence; a page in another language says the code in its own words.
 * Codes a sign-up can meet; any other falls back to "Failed to join waitlist" in the page's language.
 */
const codeMessages: Record<string, MessageDescriptor> = {
  validation_error: /*i18n*/ { id: 'web.error.validation', message: 'Please enter a valid email address.' },
  too_many_requests: /*i18n*/ {
    id: 'web.error.tooManyRequests',
    message: 'Too many attempts in a short time. Please wait a moment and try again.',
  },
  unavailable: /*i18n*/ {
    id: 'web.error.unavailable',
    message: 'The waitlist is briefly unavailable. Please try again in a minute.',
  },
  ticket_invalid: /*i18n*/ { id: 'web.error.ticketInvalid', message: 'That ticket is not one we know.' },
  ticket_used: /*i18n*/ { id: 'web.error.ticketUsed', message: 'That ticket has already been used.' },
  ticket_revoked: /*i18n*/ { id: 'web.error.ticketRevoked', message: 'That ticket has been withdrawn.' },
};

/**
 * The error box's text: the server's own message when it sent one; otherwise "Failed to
 * join waitlist" for any failed call (refused, unreachable, timed out); the generic sentence for an error that
 * carries no message at all.
 */
export function waitlistErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // English pages show the server's own sentence; the others the code's text in their language.
    if (i18n.locale === 'en') return error.serverMessage ?? i18n._(messages.failed);
    const known = error.code ? codeMessages[error.code] : undefined;
    return i18n._(known ?? messages.failed);
  }
  if (error instanceof Error && error.message.trim()) return i18n._(messages.failed);
  return i18n._(messages.noMessage);
}
