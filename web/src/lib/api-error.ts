/*
 * A failed call, in its own module without zod: a page's first load may need to tell failures apart (the waitlist
 * form's messages) before it has loaded the API client and the contracts' schemas, which come with its first call.
 */

export type ApiErrorKind =
  /** The server answered, but not with success. */
  | 'http'
  /** The request never got an answer (offline, DNS, reset). */
  | 'network'
  /** The caller's signal ended the wait: a time-out, a deadline, or a cancelled query. */
  | 'timeout'
  /** A success answer that is not what the contract says. */
  | 'invalid-response';

export interface ApiErrorDetails {
  status?: number;
  code?: string;
  /** The server's sentence for people, when its answer carried one. */
  serverMessage?: string;
  /** The error answer's `data`, when it has one (e.g. 409 token_used still carries the referral code). */
  data?: unknown;
  /** Seconds, from `Retry-After` on 429/503. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** A failed call, with what the server said when it said anything. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status?: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly data?: unknown;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: ApiErrorKind,
    details: ApiErrorDetails = {},
  ) {
    const { status, cause } = details;
    super(
      details.serverMessage ?? `request failed (${kind}${status ? ` ${status}` : ''})`,
      cause === undefined ? undefined : { cause },
    );
    this.status = status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
    this.data = details.data;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }

  /** Worth one more try: the server or the network failed, not the request itself. */
  get retryable(): boolean {
    return (
      this.kind === 'network' || this.kind === 'invalid-response' || (this.status !== undefined && this.status >= 500)
    );
  }
}
