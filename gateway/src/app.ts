import type { Logger } from '@mmdm/shared/logger';
import { REQUEST_ID_HEADER, requestIdOf } from '@mmdm/shared/request-id';
import { accessLogger } from '@mmdm/shared/request-logging';
import type { HttpMetrics } from '@mmdm/shared/metrics';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GatewayConfig } from './config.js';
import { sendError, sendJson } from './http/json-answer.js';
import { SECURITY_HEADERS, setSecurityHeaders } from './http/security-headers.js';
import { createForwarding } from './modules/forwarding/forwarding.js';
import { createHealthCheck } from './modules/health/health.js';
import { createUpstreamProxy } from './modules/proxy/upstream-proxy.js';
import { routeOf, routeTemplateOf, type Route } from './modules/routing/route-table.js';
import type { SiteBuild } from './modules/site/site-build.js';
import { createSite } from './modules/site/site.js';

export interface GatewayDeps {
  config: Pick<GatewayConfig, 'upstreams' | 'trustedProxies' | 'proxyTimeoutMs'>;
  logger: Logger;
  site: SiteBuild;
  /** Deadline for each service's /readyz when answering GET /healthz. */
  healthTimeoutMs?: number;
  /** Counts answered requests by route (`http_requests_total`, served on the gateway's own metrics port). */
  metrics?: HttpMetrics;
}

export interface Gateway {
  handler: RequestListener;
  /** For `server.on('clientError')`: answers a request Node could not parse with our headers and a JSON body. */
  onClientError: (error: Error & { code?: string }, socket: Duplex) => void;
  close: () => void;
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The gateway as a plain node:http request listener: routes by the table in modules/routing, proxies API calls,
 * serves the web build, and puts the security headers and the request id on every answer. It does not listen;
 * main.ts does, so tests can run it on any port.
 */
export function createGateway({ config, logger, site: build, healthTimeoutMs, metrics }: GatewayDeps): Gateway {
  const forwarding = createForwarding(config.trustedProxies);
  const proxy = createUpstreamProxy({ targets: config.upstreams, timeoutMs: config.proxyTimeoutMs, logger });
  const site = createSite(build);
  const checkHealth = createHealthCheck(config.upstreams, healthTimeoutMs);
  const access = accessLogger(logger);

  async function answerHealth(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const report = await checkHealth();
    sendJson(res, report.status === 'ok' ? 200 : 503, report, { 'Cache-Control': 'no-store' }, req.method === 'HEAD');
  }

  function logWhenDone(req: IncomingMessage, res: ServerResponse, reqId: string, path: string, client: string, route: Route, started: number) {
    res.once('close', () => {
      const status = res.writableFinished ? res.statusCode : 499; // 499: the client went away first (nginx's term)
      const fields = {
        reqId,
        method: req.method,
        path,
        status,
        ms: Math.round(performance.now() - started),
        client,
        ...(route.kind === 'proxy' ? { upstream: route.upstream } : {}),
      };
      if (status >= 500) access.error(fields, 'request failed');
      else access.info(fields, 'request');
      metrics?.observe(routeTemplateOf(route), req.method, status, (performance.now() - started) / 1000);
    });
  }

  const handler: RequestListener = (req, res) => {
    const started = performance.now();
    const reqId = requestIdOf(req);
    res.setHeader('X-Request-Id', reqId);
    const facts = forwarding.factsOf(req);
    setSecurityHeaders(res, facts.proto === 'https');

    const url = req.url ?? '/';
    if (!url.startsWith('/')) {
      // Absolute-form or asterisk-form targets are for forward proxies; this is not one.
      sendError(res, 400, 'bad_request', 'The request target must be a path.');
      return;
    }
    const path = pathOf(url);
    const route = routeOf(req.method ?? 'GET', path);
    if (route.kind !== 'health') logWhenDone(req, res, reqId, path, facts.address, route, started);

    try {
      switch (route.kind) {
        case 'health':
          answerHealth(req, res).catch((error: unknown) => {
            logger.error({ err: error, reqId }, 'health check failed');
            if (!res.headersSent) sendError(res, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
          });
          return;
        case 'proxy':
          forwarding.prepareForUpstream(req, facts);
          req.headers[REQUEST_ID_HEADER] = reqId;
          proxy.forward(route.upstream, req, res, route.staff);
          return;
        case 'api-not-found':
          sendError(res, 404, 'not_found', `No such endpoint: ${req.method ?? 'GET'} ${path}`, { head: req.method === 'HEAD' });
          return;
        case 'method-not-allowed':
          sendError(res, 405, 'method_not_allowed', `${req.method ?? 'This method'} is not allowed here.`, {
            headers: { Allow: route.allow },
          });
          return;
        case 'site':
          site.serve(req, res, path);
          return;
      }
    } catch (error) {
      logger.error({ err: error, reqId }, 'unhandled error');
      if (res.headersSent) res.destroy();
      else sendError(res, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
    }
  };

  /**
   * Node answers unparseable requests with a bare status line; ours still carry the security headers and the
   * JSON error shape, and an oversized header block gets its proper 431.
   */
  const onClientError = (error: Error & { code?: string }, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify({
      success: false,
      code: tooLarge ? 'headers_too_large' : 'bad_request',
      message: tooLarge ? 'The request headers are too large.' : 'The request could not be read.',
    });
    const headers = [
      ...SECURITY_HEADERS.map(([name, value]) => `${name}: ${value}`),
      `X-Request-Id: ${randomUUID()}`,
      'Content-Type: application/json; charset=utf-8',
      'Cache-Control: no-store',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ];
    logger.warn({ code: error.code }, 'unreadable request');
    socket.end(`HTTP/1.1 ${status}\r\n${headers.join('\r\n')}\r\n\r\n${body}`);
  };

  return { handler, onClientError, close: () => proxy.close() };
}
