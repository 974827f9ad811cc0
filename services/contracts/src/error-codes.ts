/**
 * The stable `code` of every error answer (`{success:false, code, message}`). Clients branch on these, never on
 * the sentence in `message`.
 */
export const ERROR_CODES = {
  validationError: 'validation_error',
  invalidJson: 'invalid_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  notFound: 'not_found',
  tooManyRequests: 'too_many_requests',
  unavailable: 'unavailable',
  internalError: 'internal_error',
  // waitlist
  tokenInvalid: 'token_invalid',
  tokenUsed: 'token_used',
  tokenExpired: 'token_expired',
  notPending: 'not_pending',
  /** The link's entry was unsubscribed or erased: its place, code and credits are gone. */
  entryRemoved: 'entry_removed',
  // tickets for friends
  /** No ticket has this code (or the link was damaged). */
  ticketInvalid: 'ticket_invalid',
  /** The ticket was used already, by someone else. */
  ticketUsed: 'ticket_used',
  /** Staff withdrew the ticket. */
  ticketRevoked: 'ticket_revoked',
  /** A member cannot use their own ticket. */
  ticketOwn: 'ticket_own',
  /** The person is invited already, or holds a ticket already: another would change nothing. */
  ticketNotNeeded: 'ticket_not_needed',
  /** Staff: only a ticket a referral rule held can be approved. */
  ticketNotHeld: 'ticket_not_held',
  // mail providers' webhooks
  signatureMissing: 'signature_missing',
  signatureInvalid: 'signature_invalid',
  topicNotAllowed: 'topic_not_allowed',
  // staff
  invalidToken: 'invalid_token',
  forbidden: 'forbidden',
  invalidCredentials: 'invalid_credentials',
  tooManyAttempts: 'too_many_attempts',
  wrongPassword: 'wrong_password',
  emailTaken: 'email_taken',
  staffNotFound: 'staff_not_found',
  lastAdmin: 'last_admin',
  /** The session was signed in with less than the second-factor policy in force now asks: sign in again. */
  secondFactorRequired: 'second_factor_required',
  /** Changing how the account signs in needs the password or a current factor within the last 5 minutes. */
  reauthRequired: 'reauth_required',
  /** A webhook URL that may not be used: its form, its scheme, or an address it leads to (decision 037). */
  webhookUrlRefused: 'webhook_url_refused',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
