import type { Logger } from '@mmdm/shared/logger';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import { isGatewayOwnedHeader } from '../../http/security-headers.js';
import type { Upstream } from '../routing/route-table.js';
import { answerUpstreamFailure, failureStatusOf } from './upstream-failure.js';

export interface FastForwardOptions {
  targets: Record<Upstream, string>;
  timeoutMs: number;
  logger: Logger;
  /** Upstream connections per service at most; more requests wait in the pool's queue (no error). */
  connectionsPerUpstream?: number;
}

/**
 * Bodies announced with a Content-Length up to this size are read whole before the upstream call: the service then
 * gets headers and body in one write, and the time-out runs only once the client has finished sending, so a client
 * trickling its body meets the gateway's own 408 (REQUEST_TIMEOUT_MS), never a 504. Every body the public API takes
 * is at most 4 kB; anything larger or unsized is streamed as it arrives, and the service answers 413 as before.
 */
const READ_WHOLE_UP_TO = 16 * 1024;

/** Request headers undici sets itself (framing, connection management) or refuses outright. */
const NOT_PASSED_UP = new Set(['connection', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect']);
/** Answer headers that describe the upstream connection, not the answer (RFC 9110 §7.6.1); Node frames ours itself. */
const NOT_PASSED_DOWN = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-connection',
  'upgrade',
  'trailer',
  'te',
]);

/** The request headers for the upstream call, as undici's flat list (the forwarding headers are already set). */
function upstreamHeaders(headers: IncomingHttpHeaders): string[] {
  const list: string[] = [];
  for (const name in headers) {
    if (NOT_PASSED_UP.has(name)) continue;
    const value = headers[name];
    if (value === undefined) continue;
    if (typeof value === 'string') list.push(name, value);
    else for (const item of value) list.push(name, item);
  }
  return list;
}

/**
 * The hot public calls' way to a service (sign-ups, confirmations, the key set): undici's pooled HTTP/1.1 client
 * over keep-alive connections, answering straight from its parser callbacks into the client's response. It does
 * what the full proxy (upstream-proxy.ts, http-proxy-middleware) does for these calls — the same headers in and
 * out, the same 502/503/504 answers and log line — at a fraction of Node's http client's cost per request
 * (docs/performance.md, decision 020).
 */
export function createFastForward({ targets, timeoutMs, logger, connectionsPerUpstream = 256 }: FastForwardOptions) {
  const pool = (origin: string) =>
    new Pool(origin, {
      connections: connectionsPerUpstream,
      pipelining: 1,
      // A socket the service closes while idle (Node's default keep-alive time-out, 5 s, which it announces in
      // Keep-Alive: timeout=5) is retired by undici before then, so no request goes out on a closing socket.
      keepAliveTimeout: 4_000,
      connectTimeout: timeoutMs,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  const pools: Record<Upstream, Pool> = { auth: pool(targets.auth), waitlist: pool(targets.waitlist) };

  function dispatch(
    upstream: Upstream,
    req: IncomingMessage,
    res: ServerResponse,
    staff: boolean,
    body: Buffer | IncomingMessage | null,
  ) {
    let abort: ((reason?: Error) => void) | undefined;
    let finished = false;
    const onClientGone = () => {
      if (!finished) abort?.();
    };
    res.once('close', onClientGone);
    let resume: () => void = () => undefined;

    const handler: Dispatcher.DispatchHandler = {
      onConnect(abortRequest) {
        abort = abortRequest;
        if (res.destroyed) abortRequest();
      },
      onHeaders(statusCode, rawHeaders, resumeReading, statusText) {
        resume = resumeReading;
        for (let i = 0; i < rawHeaders.length; i += 2) {
          const name = rawHeaders[i]!.toString('latin1');
          const lower = name.toLowerCase();
          if (NOT_PASSED_DOWN.has(lower) || isGatewayOwnedHeader(lower)) continue;
          // Staff answers carry personal data: the gateway's no-store stands whatever the service says.
          if (staff && lower === 'cache-control') continue;
          res.appendHeader(name, rawHeaders[i + 1]!.toString('latin1'));
        }
        // The head is fixed now: a failure after this point cuts the connection instead of sending a JSON error.
        res.writeHead(statusCode, statusText || undefined);
        return true;
      },
      onData(chunk) {
        const more = res.write(chunk);
        if (!more) res.once('drain', resume);
        return more;
      },
      onComplete() {
        finished = true;
        res.removeListener('close', onClientGone);
        res.end();
      },
      onError(error: Error & { code?: string }) {
        finished = true;
        res.removeListener('close', onClientGone);
        if (res.destroyed) return; // the client left first: nobody to answer
        const status = failureStatusOf(error.code);
        logger.warn({ reqId: req.headers['x-request-id'], upstream, code: error.code, status }, 'upstream call failed');
        answerUpstreamFailure(req, res, status);
      },
    };
    const method = (req.method ?? 'GET') as Dispatcher.HttpMethod;
    const options: Dispatcher.DispatchOptions = {
      path: req.url ?? '/',
      method,
      headers: upstreamHeaders(req.headers),
      body,
    };
    if (body === req) {
      // undici's head time-out starts when the call starts, which for a streamed body is while the client is still
      // sending: a slow client must meet the server's 408, not a 504. So the wait for the head starts at the body's end.
      options.headersTimeout = 0;
      let timer: NodeJS.Timeout | undefined;
      req.once('end', () => {
        timer = setTimeout(
          () => abort?.(Object.assign(new Error('no answer in time'), { code: 'UND_ERR_HEADERS_TIMEOUT' })),
          timeoutMs,
        );
      });
      const { onHeaders, onError } = handler;
      handler.onHeaders = (...args) => {
        clearTimeout(timer);
        return onHeaders!(...args);
      };
      handler.onError = (error) => {
        clearTimeout(timer);
        onError!(error);
      };
    }
    pools[upstream].dispatch(options, handler);
  }

  return {
    /** Forwards the request; the gateway's headers already set on `res` survive unless the service sets its own. */
    forward(upstream: Upstream, req: IncomingMessage, res: ServerResponse, staff: boolean): void {
      if (staff) res.setHeader('Cache-Control', 'no-store');
      const length = req.headers['content-length'];
      const announced = length === undefined ? undefined : Number(length);
      if (req.headers['transfer-encoding'] === undefined && (announced === undefined || announced === 0)) {
        req.resume(); // nothing to read, but the request must still end for Node to reuse the connection
        dispatch(upstream, req, res, staff, null);
        return;
      }
      if (
        req.headers['transfer-encoding'] !== undefined ||
        announced === undefined ||
        !(announced <= READ_WHOLE_UP_TO)
      ) {
        dispatch(upstream, req, res, staff, req);
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A body that never arrives whole is the server's 408 (or a client that left): no upstream call is made.
      req.on('error', () => undefined);
      req.on('end', () =>
        dispatch(upstream, req, res, staff, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)),
      );
    },
    /** Finishes what is in flight, then closes the pooled connections (after the server has stopped taking requests). */
    async close(): Promise<void> {
      await Promise.all([pools.auth.close(), pools.waitlist.close()]);
    },
  };
}

export type FastForward = ReturnType<typeof createFastForward>;
