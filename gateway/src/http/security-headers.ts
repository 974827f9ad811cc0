import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * The site's Content-Security-Policy (see the web build contract in docs/architecture.md): everything ships from the
 * site itself, so no 'unsafe-inline'/'unsafe-eval' is needed anywhere, and nothing may frame us. The one exception
 * to "no inline code" is the pre-rendered pages' inlined stylesheet (decision 010: it saves a round trip before the first
 * paint), allowed by its sha256 hash, which the web build writes to routes.json; scripts stay 'self' only.
 */
export function contentSecurityPolicy(inlineStyleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...inlineStyleHashes.map((hash) => `'${hash}'`)].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

/** The policy of every answer that is not a page with an inlined stylesheet. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Only features Chromium recognises: an unknown one (e.g. the retired interest-cohort) makes the browser print a
 * console error on every page, which the end-to-end tests treat as a failure.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Sent on every answer: pages, assets, proxied API answers and the gateway's own errors. */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', PERMISSIONS_POLICY],
];

/**
 * Headers an upstream must not decide: ours replace them, banners and CORS grants are dropped. The services never
 * need cross-origin access (the browser calls them same-origin), so any Access-Control-* header is a mistake.
 */
const OWNED = new Set([
  ...SECURITY_HEADERS.map(([name]) => name.toLowerCase()),
  'strict-transport-security',
  'x-powered-by',
  'server',
  'x-request-id',
]);

export function isGatewayOwnedHeader(name: string): boolean {
  return OWNED.has(name) || name.startsWith('access-control-');
}

export function setSecurityHeaders(res: ServerResponse, overTls: boolean): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  // HSTS over plain http is ignored by browsers at best and pins a broken setup at worst (RFC 6797 §7.2).
  if (overTls) res.setHeader('Strict-Transport-Security', HSTS);
}

export function isEncrypted(req: IncomingMessage): boolean {
  return (req.socket as Partial<TLSSocket>).encrypted === true;
}
