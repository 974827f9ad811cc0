import { z } from 'zod';
import { clearStaffToken, getStaffToken } from './staff-token.js';

/** The API's error body (docs/architecture.md): `message` is a sentence meant for people. */
const errorBodySchema = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The server answered, but not with success. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** Seconds, from `Retry-After` on 429/503. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer we could read (offline, DNS, reset, a proxy's HTML page...). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached.', { cause });
    this.name = 'NetworkError';
  }
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

export function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export async function toApiError(response: Response): Promise<ApiError> {
  let code: string | undefined;
  let message = FALLBACK_MESSAGE;
  try {
    const parsed = errorBodySchema.safeParse(await response.json());
    if (parsed.success) {
      code = parsed.data.code;
      if (parsed.data.message) message = parsed.data.message;
    }
  } catch {
    // Not JSON (a proxy's error page): the generic sentence is all we can honestly say.
  }
  return new ApiError(response.status, code, message, parseRetryAfter(response.headers.get('Retry-After')));
}

export interface StaffRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Every staff call goes through here: it sends the bearer token, and any 401 ends the local session (the token is
 * removed, which sends the guard to /admin/login).
 */
export async function staffFetch(path: string, options: StaffRequestOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getStaffToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  if (response.ok) return response;

  const apiError = await toApiError(response);
  // Staff endpoints answer 401 only for the token (a wrong password on change-password is a 400): the session is over.
  if (response.status === 401) clearStaffToken();
  throw apiError;
}

/** A staff call whose answer is JSON, validated against `schema` at the edge. */
export async function staffRequest<T>(path: string, schema: z.ZodType<T>, options?: StaffRequestOptions): Promise<T> {
  const response = await staffFetch(path, options);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new NetworkError(error);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // A contract mismatch between panel and service: worth a console line for whoever is debugging.
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new ApiError(response.status, 'unexpected_response', FALLBACK_MESSAGE);
  }
  return parsed.data;
}

/** A staff call that answers without a body (204/202). */
export async function staffCommand(path: string, options: StaffRequestOptions): Promise<void> {
  await staffFetch(path, options);
}

/**
 * Retrying a client mistake cannot succeed and, for logins, would count twice against the throttle: only network
 * failures and server trouble are retried, up to the app's defaults (queries 2, mutations 1).
 */
export function retryTransient(maxRetries: number) {
  return (failureCount: number, error: unknown): boolean => {
    if (failureCount >= maxRetries) return false;
    if (error instanceof ApiError) return error.status >= 500 && error.code !== 'unexpected_response';
    return error instanceof NetworkError;
  };
}

export const queryRetry = retryTransient(2);
export const mutationRetry = retryTransient(1);

/** A sentence for people, whatever went wrong. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.retryAfterSeconds !== undefined) {
      return `${error.message} Try again ${describeWait(error.retryAfterSeconds)}.`;
    }
    return error.message;
  }
  if (error instanceof NetworkError) return 'The server could not be reached. Check your connection and try again.';
  return FALLBACK_MESSAGE;
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
