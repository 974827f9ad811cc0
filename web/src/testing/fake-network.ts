import { vi } from 'vitest';

/** What a stubbed endpoint answers: a Response, or a thrown error (the network failed). */
type Handler = (request: { url: URL; init: RequestInit | undefined; body: unknown }) => Response | Promise<Response>;

export interface FakeNetwork {
  /** Every request the page made, in order, as "METHOD /path?query". */
  calls: string[];
  on: (method: string, path: string, handler: Handler) => void;
  /** The headers the last request to `path` carried. */
  headersOf: (path: string) => Headers | undefined;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function noContent(status = 204): Response {
  return new Response(null, { status });
}

export function networkFailure(): never {
  throw new TypeError('Failed to fetch');
}

/**
 * Stubs `fetch` at the network boundary, matching on method and path (query ignored). An unexpected request fails
 * loudly, as the real service's 404 would.
 */
export function fakeNetwork(): FakeNetwork {
  const handlers = new Map<string, Handler>();
  const calls: string[] = [];
  const headers = new Map<string, Headers>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push(`${method} ${url.pathname}${url.search}`);
      headers.set(url.pathname, new Headers(init?.headers));
      const handler = handlers.get(`${method} ${url.pathname}`);
      if (!handler)
        return json(404, { success: false, code: 'not_found', message: `No such endpoint: ${method} ${url.pathname}` });
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      return handler({ url, init, body });
    }),
  );
  return {
    calls,
    on: (method, path, handler) => handlers.set(`${method.toUpperCase()} ${path}`, handler),
    headersOf: (path) => headers.get(path),
  };
}

/** A verify answer as the auth service gives it. */
export function verified(role: 'admin' | 'viewer', email = `${role}@staff.test`) {
  return json(200, { valid: true, role, sub: '6f0c1b7e-2d1a-4c55-9a7e-0c7e1d1f2a3b', email });
}

export const invalidToken = () =>
  json(401, { valid: false, success: false, code: 'invalid_token', message: 'Sign in to continue.' });
