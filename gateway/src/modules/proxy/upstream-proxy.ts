import type { Logger } from '@mmdm/shared/logger';
import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { sendError } from '../../http/json-answer.js';
import { isGatewayOwnedHeader } from '../../http/security-headers.js';
import type { Upstream } from '../routing/route-table.js';

export interface UpstreamProxyOptions {
  targets: Record<Upstream, string>;
  timeoutMs: number;
  logger: Logger;
}

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again.';
const TOO_SLOW = 'The service took too long to answer. Please try again.';

/** Errors that mean "nobody is listening there" (503) rather than "it broke while answering" (502). */
const NOT_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** Marks requests whose upstream call hit PROXY_TIMEOUT_MS, so the error handler answers 504 rather than 502. */
const timedOut = new WeakSet<IncomingMessage>();
/** Staff answers are `Cache-Control: no-store` whatever the service says: they carry personal data. */
const staffRequests = new WeakSet<IncomingMessage>();

/**
 * One proxy per upstream over a shared keep-alive agent: a proxied call reuses a warm socket instead of paying a
 * TCP handshake, which is most of the cost of a small JSON call on the same host (see the gateway overhead benchmark, docs/performance.md).
 */
export function createUpstreamProxy({ targets, timeoutMs, logger }: UpstreamProxyOptions) {
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 512,
    maxFreeSockets: 64,
    // Idle sockets are dropped before the services' own keep-alive timeout (Node's default, 5 s), so the gateway
    // does not send a request on a socket the service is closing at that very moment.
    timeout: 4000,
    scheduling: 'lifo',
  });

  const onProxyReq = (proxyReq: ClientRequest, req: IncomingMessage) => {
    proxyReq.once('timeout', () => timedOut.add(req));
  };

  const onProxyRes = (proxyRes: IncomingMessage, req: IncomingMessage) => {
    for (const name of Object.keys(proxyRes.headers)) {
      if (isGatewayOwnedHeader(name) || name === 'connection' || name === 'keep-alive') delete proxyRes.headers[name];
    }
    if (staffRequests.has(req)) delete proxyRes.headers['cache-control'];
  };

  const onError = (upstream: Upstream, error: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket) => {
    if (!('setHeader' in res)) return; // websocket upgrades are not proxied
    const slow = timedOut.has(req);
    const status = slow ? 504 : error.code && NOT_THERE.has(error.code) ? 503 : 502;
    logger.warn({ reqId: req.headers['x-request-id'], upstream, code: error.code, status }, 'upstream call failed');
    if (res.headersSent) {
      // The answer had started: the client must see a broken message, not a truncated one that looks whole.
      res.destroy();
      return;
    }
    const head = req.method === 'HEAD';
    if (status === 504) sendError(res, 504, 'gateway_timeout', TOO_SLOW, { head });
    else sendError(res, status, 'service_unavailable', UNAVAILABLE, { head, headers: { 'Retry-After': '5' } });
  };

  const build = (upstream: Upstream): RequestHandler<IncomingMessage, ServerResponse> =>
    createProxyMiddleware<IncomingMessage, ServerResponse>({
      target: targets[upstream],
      agent,
      proxyTimeout: timeoutMs,
      // The Host the browser used goes through: the services never route by it, and logs stay truthful.
      changeOrigin: false,
      xfwd: false, // the forwarding headers are set by the gateway from what it trusts (modules/forwarding)
      headers: { connection: 'keep-alive' },
      // No default plugins: their logger and error page are replaced by ours, and each costs time per request.
      ejectPlugins: true,
      plugins: [
        (proxyServer) => {
          proxyServer.on('proxyReq', onProxyReq);
          proxyServer.on('proxyRes', onProxyRes);
          proxyServer.on('error', (error: Error, req: IncomingMessage, res: ServerResponse | Socket) => onError(upstream, error, req, res));
        },
      ],
    });

  const handlers: Record<Upstream, RequestHandler<IncomingMessage, ServerResponse>> = {
    auth: build('auth'),
    waitlist: build('waitlist'),
  };

  return {
    /** Proxies the request; the gateway's headers already set on `res` survive unless the service sets its own. */
    forward(upstream: Upstream, req: IncomingMessage, res: ServerResponse, staff: boolean): void {
      if (staff) {
        staffRequests.add(req);
        res.setHeader('Cache-Control', 'no-store');
      }
      void handlers[upstream](req, res, (error?: unknown) => {
        if (error) onError(upstream, error instanceof Error ? error : new Error(String(error)), req, res);
      });
    },
    close(): void {
      agent.destroy();
    },
  };
}

export type UpstreamProxy = ReturnType<typeof createUpstreamProxy>;
