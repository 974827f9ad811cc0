import type { Logger } from '@mmdm/shared/logger';
import { REQUEST_ID_HEADER, requestId } from '@mmdm/shared/request-id';
import { accessLogger, statusWhenClosed, writeAccessLine } from '@mmdm/shared/request-logging';
import type { HttpMetrics } from '@mmdm/shared/metrics';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GatewayConfig } from './config.js';
import { sendError, sendJson } from './http/json-answer.js';
import { SECURITY_HEADERS, setSecurityHeaders } from './http/security-headers.js';
import { createForwarding } from './modules/forwarding/forwarding.js';
import { createHealthCheck } from './modules/health/health.js';
import { createFastForward } from './modules/proxy/fast-forward.js';
import { createUpstreamProxy } from './modules/proxy/upstream-proxy.js';
import { createUpstreamPool } from './modules/proxy/upstream-pool.js';
import { routeOf, routeTemplateOf, type Route, type Upstream } from './modules/routing/route-table.js';
import type { SiteBuild } from './modules/site/site-build.js';
import { createSite } from './modules/site/site.js';

export interface GatewayDeps {
  config: Pick<GatewayConfig, 'upstreams' | 'trustedProxies' | 'proxyTimeoutMs'> & {
    upstreamHealth?: GatewayConfig['upstreamHealth'];
  };
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
  /** Closes the upstream connections (after the server has finished its requests). */
  close: () => Promise<void>;
}

/**
 * RFC 9112 §3.2: an HTTP/1.1 request without Host, or any request with more than one Host line, is refused with 400.
 * Node keeps only the first of repeated Host lines in `req.headers`, so the raw list is counted.
 */
function hostProblemOf(req: IncomingMessage): string | undefined {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === 'host') count++;
  if (count > 1) return 'Send exactly one Host header.';
  if (count === 0 && req.httpVersion !== '1.0') return 'A Host header is required.';
  return undefined;
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Node's client errors as the answers we send: 431 and 408 keep their meaning, anything else is a 400. */
function clientErrorAnswer(code: string | undefined): { status: string; code: string; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: '431 Request Header Fields Too Large',
        code: 'headers_too_large',
        message: 'The request headers are too large.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: '408 Request Timeout',
        code: 'request_timeout',
        message: 'The request took too long to arrive.',
      };
    default:
      return { status: '400 Bad Request', code: 'bad_request', message: 'The request could not be read.' };
  }
}

/**
 * The gateway as a plain node:http request listener: routes by the table in modules/routing, proxies API calls,
 * serves the web build, and puts the security headers and the request id on every answer. It does not listen;
 * main.ts does, so tests can run it on any port.
 */
export function createGateway({ config, logger, site: build, healthTimeoutMs, metrics }: GatewayDeps): Gateway {
  const forwarding = createForwarding(config.trustedProxies);
  const poolOf = (name: Upstream) =>
    createUpstreamPool({
      name,
      targets: config.upstreams[name],
      probeIntervalMs: config.upstreamHealth?.probeIntervalMs,
      downMs: config.upstreamHealth?.downMs,
      logger,
      onChange: (target, up, reason) =>
        up
          ? logger.info({ upstream: name, target }, 'upstream member back in rotation')
          : logger.warn({ upstream: name, target, reason }, 'upstream member out of rotation'),
    });
  const pools = { auth: poolOf('auth'), waitlist: poolOf('waitlist') };
  const proxy = createUpstreamProxy({ pools, timeoutMs: config.proxyTimeoutMs, logger });
  // Both lanes pick their member from the same pools and follow the same retry rules (decisions 020 and 021).
  const fast = createFastForward({ pools, timeoutMs: config.proxyTimeoutMs, logger });
  const site = createSite(build);
  const checkHealth = createHealthCheck(config.upstreams, healthTimeoutMs);
  const access = accessLogger(logger);

  async function answerHealth(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const report = await checkHealth();
    sendJson(res, report.status === 'ok' ? 200 : 503, report, { 'Cache-Control': 'no-store' }, req.method === 'HEAD');
  }

  function logWhenDone(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    path: string,
    client: string,
    route: Route,
    started: number,
  ) {
    res.once('close', () => {
      const status = statusWhenClosed(res);
      writeAccessLine(access, {
        reqId: id,
        method: req.method,
        path,
        status,
        ms: Math.round(performance.now() - started),
        client,
        ...(route.kind === 'proxy' ? { upstream: route.upstream } : {}),
      });
      metrics?.observe(routeTemplateOf(route), req.method, status, (performance.now() - started) / 1000);
    });
  }

  const handler: RequestListener = (req, res) => {
    const started = performance.now();
    const facts = forwarding.factsOf(req);
    // A client's own X-Request-Id would land in every log line and audit row of its request: only nginx may set it.
    const id = facts.viaTrustedProxy ? requestId(req) : randomUUID();
    res.setHeader('X-Request-Id', id);
    setSecurityHeaders(res, facts.proto === 'https');

    const hostProblem = hostProblemOf(req);
    if (hostProblem) {
      res.shouldKeepAlive = false;
      sendError(res, 400, 'bad_request', hostProblem);
      return;
    }

    const url = req.url ?? '/';
    if (!url.startsWith('/')) {
      // Absolute-form or asterisk-form targets are for forward proxies; this is not one.
      sendError(res, 400, 'bad_request', 'The request target must be a path.');
      return;
    }
    const path = pathOf(url);
    const route = routeOf(req.method ?? 'GET', path);
    if (route.kind !== 'health') logWhenDone(req, res, id, path, facts.address, route, started);

    try {
      switch (route.kind) {
        case 'health':
          answerHealth(req, res).catch((error: unknown) => {
            logger.error({ err: error, reqId: id }, 'health check failed');
            if (!res.headersSent)
              sendError(res, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
          });
          return;
        case 'proxy':
          forwarding.prepareForUpstream(req, facts);
          req.headers[REQUEST_ID_HEADER] = id;
          (route.lane === 'fast' ? fast : proxy).forward(route.upstream, req, res, route.staff);
          return;
        case 'api-not-found':
          sendError(res, 404, 'not_found', `No such endpoint: ${req.method ?? 'GET'} ${path}`, {
            head: req.method === 'HEAD',
          });
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
      logger.error({ err: error, reqId: id }, 'unhandled error');
      if (res.headersSent) res.destroy();
      else sendError(res, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
    }
  };

  /**
   * Node answers unparseable requests with a bare status line; ours still carry the security headers and the
   * JSON error shape, and an oversized header block gets its proper 431.
   */
  const onClientError = (error: Error & { code?: string }, socket: Duplex) => {
    // An answer already under way on this socket (a proxied reply to a request whose body never finished) must not
    // get a second status line in the middle of it: the connection is simply cut.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!socket.writable || error.code === 'ECONNRESET' || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, code, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify({ success: false, code, message });
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
    // The server keeps sockets half-open; a client that never closes its side (a slow-body attacker) would keep
    // this one, so it is closed for good once the answer has had a moment to leave.
    const closer = setTimeout(() => socket.destroy(), 1_000);
    closer.unref();
    socket.once('close', () => clearTimeout(closer));
  };

  return {
    handler,
    onClientError,
    close: async () => {
      proxy.close();
      await fast.close();
    },
  };
}
