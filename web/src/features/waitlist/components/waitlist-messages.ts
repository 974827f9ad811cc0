import { ApiError } from '../../../lib/api-error.js';

/** How long the success message and the error box stay (the timings the requirements set). */
export const SUCCESS_DISPLAY_MS = 5_000;
export const ERROR_DISPLAY_MS = 5_000;

export const messages = {
  successTitle: "You're on the list!",
  successBody: "We'll notify you when the dating app launches. Get ready to find your perfect match!",
  /** Around the address typed: the sign-up counts once the link in the mail is opened (double opt-in). */
  confirmBefore: 'We sent a confirmation link to ',
  confirmAfter: '. Open it to get your place in line.',
  failed: 'Failed to join waitlist',
  noMessage: 'Something went wrong. Please try again.',
} as const;

/**
 * The error box's text: the server's own message when it sent one; otherwise "Failed to
 * join waitlist" for any failed call (refused, unreachable, timed out); the generic sentence for an error that
 * carries no message at all.
 */
export function waitlistErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? messages.failed;
  if (error instanceof Error && error.message.trim()) return messages.failed;
  return messages.noMessage;
}
