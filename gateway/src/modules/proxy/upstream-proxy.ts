import type { Logger } from '@mmdm/shared/logger';
import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import httpProxy from 'http-proxy';
import { isGatewayOwnedHeader } from '../../http/security-headers.js';
import type { Upstream } from '../routing/route-table.js';
import { NO_CONNECTION, readReplayableBody, retryPlanOf, type ReplayableBody } from './upstream-retry.js';
import { answerUpstreamFailure } from './upstream-failure.js';
import type { UpstreamPool } from './upstream-pool.js';

export interface UpstreamProxyOptions {
  /** Each service's replicas; the proxy picks one per call and marks it down when nobody is there. */
  pools: Record<Upstream, UpstreamPool>;
  timeoutMs: number;
  logger: Logger;
}

/** Marks requests whose upstream call hit PROXY_TIMEOUT_MS, so the error handler answers 504 rather than 502. */
const timedOut = new WeakSet<IncomingMessage>();
/** Staff answers are `Cache-Control: no-store` whatever the service says: they carry personal data. */
const staffRequests = new WeakSet<IncomingMessage>();
/** Requests whose member has started answering: from then on a failure is never retried. */
const answered = new WeakSet<IncomingMessage>();
/** RFC 9112 §6.3: a request has a body only when it says so with Content-Length (not 0) or Transfer-Encoding. */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/** One proxied request and its attempts. */
interface Call {
  upstream: Upstream;
  pool: UpstreamPool;
  req: IncomingMessage;
  res: ServerResponse;
  /** Members tried so far. */
  tried: Set<string>;
  target: string;
  attempt: number;
  /** The body kept in memory when the service has several members (so it can be sent to another); else streamed. */
  body: ReplayableBody | undefined;
}

/**
 * One http-proxy server over a shared keep-alive agent: a proxied call reuses a warm socket instead of paying a
 * TCP handshake, which is most of the cost of a small JSON call on the same host (see the gateway overhead benchmark, docs/performance.md). Each call
 * goes to a member picked from the service's pool; a member that refuses the connection is marked down and the
 * call sent to another (modules/proxy/upstream-retry.ts says when that is safe).
 */
export function createUpstreamProxy({ pools, timeoutMs, logger }: UpstreamProxyOptions) {
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 512,
    maxFreeSockets: 64,
    // Idle sockets are dropped before the services' own keep-alive timeout (Node's default, 5 s), so the gateway
    // does not send a request on a socket the service is closing at that very moment.
    timeout: 4000,
    scheduling: 'lifo',
  });
  const proxyServer = httpProxy.createProxyServer({});

  proxyServer.on('proxyReq', (proxyReq: ClientRequest, req: IncomingMessage) => {
    proxyReq.once('timeout', () => timedOut.add(req));
  });

  proxyServer.on('proxyRes', (proxyRes: IncomingMessage, req: IncomingMessage) => {
    answered.add(req);
    for (const name of Object.keys(proxyRes.headers)) {
      if (isGatewayOwnedHeader(name) || name === 'connection' || name === 'keep-alive') delete proxyRes.headers[name];
    }
    if (staffRequests.has(req)) delete proxyRes.headers['cache-control'];
  });

  const fail = (
    upstream: Upstream,
    error: Error & { code?: string },
    req: IncomingMessage,
    res: ServerResponse | Socket,
  ) => {
    if (!('setHeader' in res)) return; // websocket upgrades are not proxied
    const slow = timedOut.has(req);
    const status = slow ? 504 : error.code && NO_CONNECTION.has(error.code) ? 503 : 502;
    logger.warn({ reqId: req.headers['x-request-id'], upstream, code: error.code, status }, 'upstream call failed');
    answerUpstreamFailure(req, res, status);
  };

  /** What http-proxy sends as the body: the kept copy (again, on a retry), or the request stream itself. */
  const bodyOf = (call: Call): Readable | undefined => {
    const { body, req } = call;
    if (!body) return undefined;
    if (body.complete) return Readable.from(body.body.length ? [body.body] : []);
    return Readable.from(
      (async function* () {
        yield* body.head;
        for await (const chunk of req) yield chunk as Buffer;
      })(),
    );
  };

  const onAttemptFailed = (call: Call, attempt: number, error: Error & { code?: string }) => {
    if (attempt !== call.attempt) return; // an earlier attempt's request stream reporting late
    const { req, res, pool, target } = call;
    // The client went away: its own connection failed, not the member's, which stays in rotation.
    if (res.destroyed || req.socket.destroyed) {
      fail(call.upstream, error, req, res);
      return;
    }
    const plan = retryPlanOf({
      method: req.method ?? 'GET',
      code: error.code,
      message: error.message,
      timedOut: timedOut.has(req),
      answerStarted: answered.has(req) || res.headersSent,
      bodyReplayable: call.body === undefined ? !hasBody(req) : call.body.complete,
    });
    if (plan.markDown) pool.markDown(target);
    if (plan.retry && call.tried.size < pool.targets.length) {
      logger.warn(
        { reqId: req.headers['x-request-id'], upstream: call.upstream, code: error.code ?? error.message },
        'upstream member failed; trying another',
      );
      send(call);
      return;
    }
    fail(call.upstream, error, req, res);
  };

  function send(call: Call): void {
    const target = call.pool.pick(call.tried);
    if (target === undefined) {
      fail(call.upstream, Object.assign(new Error('no member left'), { code: 'ECONNREFUSED' }), call.req, call.res);
      return;
    }
    call.tried.add(target);
    call.target = target;
    const attempt = ++call.attempt;
    proxyServer.web(
      call.req,
      call.res,
      {
        target,
        agent,
        proxyTimeout: timeoutMs,
        // The Host the browser used goes through: the services never route by it, and logs stay truthful.
        changeOrigin: false,
        xfwd: false, // the forwarding headers are set by the gateway from what it trusts (modules/forwarding)
        headers: { connection: 'keep-alive' },
        buffer: bodyOf(call),
      },
      (error) => onAttemptFailed(call, attempt, error as Error & { code?: string }),
    );
  }

  return {
    /** Proxies the request; the gateway's headers already set on `res` survive unless the service sets its own. */
    forward(upstream: Upstream, req: IncomingMessage, res: ServerResponse, staff: boolean): void {
      if (staff) {
        staffRequests.add(req);
        res.setHeader('Cache-Control', 'no-store');
      }
      const pool = pools[upstream];
      const call: Call = { upstream, pool, req, res, tried: new Set(), target: '', attempt: 0, body: undefined };
      // With one member there is nobody to retry on: the body streams straight through, as it always did.
      if (pool.targets.length === 1 || !hasBody(req)) {
        send(call);
        return;
      }
      void readReplayableBody(req).then((body) => {
        if (!body) return; // the client went away while sending: nothing to forward
        call.body = body;
        send(call);
      });
    },
    close(): void {
      for (const pool of Object.values(pools)) pool.close();
      agent.destroy();
      proxyServer.close();
    },
  };
}

export type UpstreamProxy = ReturnType<typeof createUpstreamProxy>;
