import {
  apiFetch,
  apiRequest,
  ApiError,
  type AnswerSchema,
  type RequestLine,
  type RequestOptions,
} from './api-client.js';
import { clearStaffToken, getStaffToken } from './staff-token.js';

/*
 * The staff panel's face of the API client: the same requests and the same ApiError, with the stored staff token
 * attached. Any 401 ends the local session (the token is removed, which sends every guard to /admin/login).
 */

export type StaffRequestOptions = Omit<RequestOptions, 'bearerToken'>;

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

async function withStaffToken<T>(
  call: (options: RequestOptions) => Promise<T>,
  options: StaffRequestOptions,
): Promise<T> {
  try {
    return await call({ ...options, bearerToken: getStaffToken() });
  } catch (error) {
    // Staff endpoints answer 401 only for the token (a wrong password on change-password is a 400): the session is over.
    if (error instanceof ApiError && error.kind === 'http' && error.status === 401) clearStaffToken();
    throw error;
  }
}

/** A staff call whose success answer the caller reads itself (a CSV download). */
export function staffFetch(line: RequestLine, options: StaffRequestOptions = {}): Promise<Response> {
  return withStaffToken((withToken) => apiFetch(line, withToken), options);
}

/** A staff call whose answer is JSON, validated against `schema` at the edge. */
export function staffRequest<T>(
  line: RequestLine,
  schema: AnswerSchema<T>,
  options: StaffRequestOptions = {},
): Promise<T> {
  return withStaffToken((withToken) => apiRequest(line, schema, withToken), options);
}

/** A staff call that answers without a body (204/202). */
export async function staffCommand(line: RequestLine, options: StaffRequestOptions = {}): Promise<void> {
  await staffFetch(line, options);
}

/**
 * Retrying a client mistake cannot succeed and, for logins, would count twice against the throttle: only network
 * failures and server trouble are retried, up to the app's defaults (queries 2, mutations 1). A success answer
 * that breaks the contract will break it again.
 */
export function retryTransient(maxRetries: number) {
  return (failureCount: number, error: unknown): boolean => {
    if (failureCount >= maxRetries || !(error instanceof ApiError)) return false;
    return error.kind === 'network' || (error.kind === 'http' && error.status !== undefined && error.status >= 500);
  };
}

export const queryRetry = retryTransient(2);
export const mutationRetry = retryTransient(1);

/** A sentence for people, whatever went wrong. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return FALLBACK_MESSAGE;
  if (error.kind === 'network') return 'The server could not be reached. Check your connection and try again.';
  if (error.kind !== 'http') return FALLBACK_MESSAGE;
  const message = error.serverMessage ?? FALLBACK_MESSAGE;
  if (error.status === 429 && error.retryAfterSeconds !== undefined) {
    return `${message} Try again ${describeWait(error.retryAfterSeconds)}.`;
  }
  return message;
}

/** "in 45 seconds", "in 3 minutes", "in about 2 hours". */
export function describeWait(seconds: number): string {
  if (seconds <= 1) return 'in a moment';
  if (seconds < 60) return `in ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? 'in about 1 hour' : `in about ${hours} hours`;
}
