import { errorAnswer as errorBody } from '@mmdm/contracts/waitlist';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

/** A failed call, with what the server said when it said anything. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    /** The server's sentence for people, when its answer carried one. */
    readonly serverMessage: string | undefined,
    readonly status?: number,
    readonly code?: string,
    /** The error answer's `data`, when it has one (e.g. 409 token_used still carries the referral code). */
    readonly data?: unknown,
  ) {
    super(serverMessage ?? `request failed (${kind}${status ? ` ${status}` : ''})`);
  }

  /** Worth one more try: the server or the network failed, not the request itself. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'invalid-response' || (this.status !== undefined && this.status >= 500);
  }
}


function abortPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new ApiError('timeout', undefined));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One call to our own origin; any non-2xx answer, network failure or abort becomes an ApiError. */
async function requestJson(path: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
  const attempt = (async () => {
    let response: Response;
    try {
      response = await fetch(path, { ...init, credentials: 'same-origin', signal });
    } catch {
      throw new ApiError(signal.aborted ? 'timeout' : 'network', undefined);
    }
    const json = await readJson(response);
    if (response.ok) return json;
    const parsed = errorBody.safeParse(json);
    const fields = parsed.success ? parsed.data : {};
    const message = fields.message?.trim() || undefined;
    throw new ApiError('http', message, response.status, fields.code, fields.data);
  })();
  // The abort wins even against a fetch that ignores its signal.
  return Promise.race([attempt, abortPromise(signal)]);
}

/** POSTs JSON to our own origin and returns the answer's parsed body. */
export function postJson(path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
  return requestJson(
    path,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    },
    signal,
  );
}

/** GETs JSON from our own origin (a read that changes nothing) and returns the answer's parsed body. */
export function getJson(path: string, signal: AbortSignal): Promise<unknown> {
  return requestJson(path, { method: 'GET', headers: { Accept: 'application/json' } }, signal);
}
