/** Where the gateway sends a request: decided from the method and the raw path alone, before any I/O. */
export type Route =
  | { kind: 'health' }
  | { kind: 'proxy'; upstream: Upstream; staff: boolean; lane: Lane }
  | { kind: 'api-not-found' }
  | { kind: 'site' }
  | { kind: 'method-not-allowed'; allow: string };

export type Upstream = 'auth' | 'waitlist';

/**
 * How a proxied call travels: `fast` is the public calls' lean path (modules/proxy/fast-forward.ts, undici's pooled
 * client), `full` the staff API's http-proxy (upstream-proxy.ts: its streamed CSV export and long answers). Both answer
 * alike (decision 020).
 */
export type Lane = 'fast' | 'full';

/** The staff token's public keys: a public, tiny and frequent answer (every service fetches it), so the fast lane. */
export const KEY_SET_PATH = '/api/admin/jwks.json';

/** The OpenAPI document of the public and the staff API. */
export const API_DOCUMENT_PATH = '/api/openapi.json';

const READ_METHODS = new Set(['GET', 'HEAD']);

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The routing table of docs/architecture.md. The path is matched as sent (no percent-decoding, no dot-segment
 * folding), the same way the services' routers will see it, so the gateway and the service can never disagree
 * about which endpoint a request names.
 */
export function routeOf(method: string, path: string): Route {
  if (path === '/healthz') {
    return READ_METHODS.has(method) ? { kind: 'health' } : { kind: 'method-not-allowed', allow: 'GET, HEAD' };
  }

  // `/waitlist` is both the sign-up page (GET) and the sign-up call (POST); everything below it is the API.
  if (path === '/waitlist' || path === '/waitlist/') {
    if (method === 'POST') return { kind: 'proxy', upstream: 'waitlist', staff: false, lane: 'fast' };
    return READ_METHODS.has(method) ? { kind: 'site' } : { kind: 'method-not-allowed', allow: 'GET, HEAD, POST' };
  }
  if (path.startsWith('/waitlist/')) return { kind: 'proxy', upstream: 'waitlist', staff: false, lane: 'fast' };

  // Staff data lives with the waitlist service, which verifies the staff token itself.
  if (isUnder(path, '/api/admin/waitlist')) return { kind: 'proxy', upstream: 'waitlist', staff: true, lane: 'full' };
  // The app's webhook endpoints are the waitlist's too: it records and sends their events.
  if (isUnder(path, '/api/admin/webhooks')) return { kind: 'proxy', upstream: 'waitlist', staff: true, lane: 'full' };
  // Still `staff`: the key set keeps the staff API's no-store, as it always had.
  if (path === KEY_SET_PATH) return { kind: 'proxy', upstream: 'auth', staff: true, lane: 'fast' };
  if (isUnder(path, '/api/admin')) return { kind: 'proxy', upstream: 'auth', staff: true, lane: 'full' };
  // The OpenAPI document is generated from the zod contracts, which the auth service loads and the gateway does not.
  if (path === API_DOCUMENT_PATH) return { kind: 'proxy', upstream: 'auth', staff: false, lane: 'fast' };
  if (isUnder(path, '/api')) return { kind: 'api-not-found' };

  // The site decides the rest: a page or file it has (405 for methods other than GET/HEAD) or its not-found page.
  return { kind: 'site' };
}

/** The route as a metrics label: a few fixed values, whatever paths visitors invent. */
export function routeTemplateOf(route: Route): string {
  switch (route.kind) {
    case 'health':
      return '/healthz';
    case 'proxy':
      if (route.upstream === 'auth') return route.staff ? '/api/admin/*' : API_DOCUMENT_PATH;
      return route.staff ? '/api/admin/waitlist/*' : '/waitlist/*';
    case 'api-not-found':
      return '/api/*';
    case 'method-not-allowed':
      return 'method-not-allowed';
    case 'site':
      return 'site';
  }
}
