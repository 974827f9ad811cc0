import { fillPath, type CallDeclaration, type PathValues } from '@mmdm/contracts/calls/define-call';
import { errorAnswer } from '@mmdm/contracts/waitlist';

/*
 * The one way the web app talks to the API: the public waitlist pages and the staff panel alike. It sends JSON to
 * our own origin and turns every way a call can fail into one ApiError. Kept free of the staff panel's code (and of
 * full zod) because the public pages load it: the staff token is attached by `staff-api.ts`, built on this.
 */

export { ApiError, type ApiErrorDetails, type ApiErrorKind } from './api-error.js';
import { ApiError } from './api-error.js';

/**
 * A mutation's retry rule for the public pages: one more try when the network or the server failed, never for an
 * answer about the request itself (a 4xx, a 429 above all: retrying a throttled request only extends the wait).
 */
export function retryOnceIfTransient(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiError && error.retryable;
}

/** Anything with zod's `safeParse` (classic or mini), so this module needs neither. */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } };
}

/** One request of a declared call: its method, and its path with the path's values and the query filled in. */
export interface RequestLine {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

type PathArgs<C extends CallDeclaration> =
  PathValues<C> extends undefined
    ? [params?: undefined, query?: URLSearchParams]
    : [params: PathValues<C>, query?: URLSearchParams];

/**
 * The request line of a call declared in `@mmdm/contracts/calls`: the one place the app learns a method and a path,
 * so no path is written twice. An empty query adds nothing (no bare `?`).
 */
export function requestTo<C extends CallDeclaration>(call: C, ...[params, query]: PathArgs<C>): RequestLine {
  const search = query?.toString();
  return {
    method: call.method.toUpperCase() as RequestLine['method'],
    path: fillPath(call.path, params) + (search ? `?${search}` : ''),
  };
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Ends the wait (AbortSignal.timeout, a deadline, react-query's cancellation): the call fails as 'timeout'. */
  signal?: AbortSignal;
  /** Sent as `Authorization: Bearer …`. */
  bearerToken?: string | null;
}

/** Seconds from a `Retry-After` header (RFC 9110 §10.2.3: delay-seconds or an HTTP date). */
export function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The body as JSON; undefined when it is empty or not JSON (a proxy's error page). */
async function readJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = errorAnswer.safeParse(await readJson(response));
  const fields = parsed.success ? parsed.data : {};
  return new ApiError('http', {
    status: response.status,
    code: fields.code,
    serverMessage: fields.message?.trim() || undefined,
    data: fields.data,
    retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
  });
}

function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new ApiError('timeout', { cause: signal.reason }));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/**
 * Sends the request and returns a success answer unread. A non-2xx answer, a network failure or an abort becomes an
 * ApiError; the abort wins even against a fetch that ignores its signal.
 */
export function apiFetch({ method, path }: RequestLine, options: RequestOptions = {}): Promise<Response> {
  const { signal } = options;
  const headers = new Headers({ Accept: 'application/json' });
  if (options.bearerToken) headers.set('Authorization', `Bearer ${options.bearerToken}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  const attempt = (async () => {
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal,
      });
    } catch (error) {
      throw new ApiError(signal?.aborted ? 'timeout' : 'network', { cause: error });
    }
    if (response.ok) return response;
    throw await toApiError(response);
  })();
  return signal ? Promise.race([attempt, whenAborted(signal)]) : attempt;
}

/** A call whose answer's body the caller interprets itself: undefined when there is none (204) or it is not JSON. */
export async function apiJson(line: RequestLine, options?: RequestOptions): Promise<unknown> {
  const response = await apiFetch(line, options);
  return readJson(response);
}

/** A call whose answer is validated against `schema` at the edge; any other answer is 'invalid-response'. */
export async function apiRequest<T>(line: RequestLine, schema: AnswerSchema<T>, options?: RequestOptions): Promise<T> {
  const response = await apiFetch(line, options);
  const body = await readJson(response);
  // Aborted while the body was arriving (a cancelled query, the call's time-out): that is no answer to judge.
  if (options?.signal?.aborted) throw new ApiError('timeout', { cause: options.signal.reason });
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // A contract mismatch between web and service: worth a console line for whoever is debugging.
    console.error(`Unexpected answer from ${line.path}`, parsed.error.issues);
    throw new ApiError('invalid-response', { status: response.status });
  }
  return parsed.data;
}

/** POSTs JSON and returns the answer's body (the public pages' calls, each bounded by `signal`). */
export function postJson(line: RequestLine, body: unknown, signal: AbortSignal): Promise<unknown> {
  return apiJson(line, { body, signal });
}
