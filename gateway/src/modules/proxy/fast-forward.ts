import type { Logger } from '@mmdm/shared/logger';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';
import { isGatewayOwnedHeader } from '../../http/security-headers.js';
import type { Upstream } from '../routing/route-table.js';
import { answerUpstreamFailure, failureStatusOf, isTimeout } from './upstream-failure.js';
import type { UpstreamPool } from './upstream-pool.js';
import { readReplayableBody, REPLAY_LIMIT_BYTES, retryPlanOf } from './upstream-retry.js';

export interface FastForwardOptions {
  /** Each service's replicas (upstream-pool.ts): a call goes to the member the pool picks, as on the full lane. */
  pools: Record<Upstream, UpstreamPool>;
  timeoutMs: number;
  logger: Logger;
  /** Upstream connections per member at most; more requests wait in the pool's queue (no error). */
  connectionsPerUpstream?: number;
}

/**
 * Bodies announced with a Content-Length up to this size are read whole before the upstream call: the service then
 * gets headers and body in one write, and the time-out runs only once the client has finished sending, so a client
 * trickling its body meets the gateway's own 408 (REQUEST_TIMEOUT_MS), never a 504. Every body the public API takes
 * is at most 4 kB; anything larger or unsized is streamed as it arrives, and the service answers 413 as before.
 * It is also the full lane's replay limit (upstream-retry.ts), so a body read whole can always be sent again.
 */
const READ_WHOLE_UP_TO = REPLAY_LIMIT_BYTES;

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

/**
 * undici's "the member closed the connection before answering" (a FIN where an answer was due). Node's client calls
 * the same event `socket hang up`; for the retry rules it is a connection that broke before any answer.
 */
const CLOSED_BEFORE_ANSWER = 'UND_ERR_SOCKET';

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

/** What is sent as the request body: nothing, a copy in hand (replayable), or the client's stream as it arrives. */
type Body = { kind: 'none' } | { kind: 'whole'; bytes: Buffer } | { kind: 'stream'; source: Readable };

/** One forwarded request and its attempts. */
interface Call {
  upstream: Upstream;
  pool: UpstreamPool;
  req: IncomingMessage;
  res: ServerResponse;
  staff: boolean;
  body: Body;
  /** Members tried so far. */
  tried: Set<string>;
}

/**
 * The hot public calls' way to a service (sign-ups, confirmations, the key set): undici's pooled HTTP/1.1 client
 * over keep-alive connections, answering straight from its parser callbacks into the client's response. It does
 * what the full proxy (upstream-proxy.ts, http-proxy) does for these calls — the same headers in and out, the same
 * member choice from the service's pool and the same retry rules (upstream-retry.ts, decision 021), the same
 * 502/503/504 answers and log lines — at a fraction of Node's http client's cost per request (docs/performance.md,
 * decision 020).
 */
export function createFastForward({ pools, timeoutMs, logger, connectionsPerUpstream = 256 }: FastForwardOptions) {
  const connectionsTo = (origin: string) =>
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
  /** undici's connection pool per member, keyed by the member's base URL. */
  const connections = new Map<string, Pool>();
  for (const pool of Object.values(pools)) {
    for (const target of pool.targets) if (!connections.has(target)) connections.set(target, connectionsTo(target));
  }

  function send(call: Call): void {
    const { upstream, pool, req, res, staff, body, tried } = call;
    const target = pool.pick(tried);
    if (target === undefined) {
      // Unreachable in practice (a retry is only planned while a member is left), kept as the full lane answers it.
      logger.warn(
        { reqId: req.headers['x-request-id'], upstream, code: 'ECONNREFUSED', status: 503 },
        'upstream call failed',
      );
      answerUpstreamFailure(req, res, 503);
      return;
    }
    tried.add(target);

    let abort: ((reason?: Error) => void) | undefined;
    let finished = false;
    let answerStarted = false;
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
        answerStarted = true;
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
        // The client left first: its own connection failed, not the member's, which stays in rotation.
        if (res.destroyed || req.socket.destroyed) return;
        const plan = retryPlanOf({
          method: req.method ?? 'GET',
          code: error.code === CLOSED_BEFORE_ANSWER ? 'ECONNRESET' : error.code,
          message: error.message,
          timedOut: isTimeout(error.code),
          answerStarted: answerStarted || res.headersSent,
          bodyReplayable: body.kind !== 'stream',
        });
        if (plan.markDown) pool.markDown(target);
        if (plan.retry && tried.size < pool.targets.length) {
          logger.warn(
            { reqId: req.headers['x-request-id'], upstream, code: error.code ?? error.message },
            'upstream member failed; trying another',
          );
          send(call);
          return;
        }
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
      body: body.kind === 'none' ? null : body.kind === 'whole' ? body.bytes : body.source,
    };
    if (body.kind === 'stream') {
      // undici's head time-out starts when the call starts, which for a streamed body is while the client is still
      // sending: a slow client must meet the server's 408, not a 504. So the wait for the head starts at the body's end.
      options.headersTimeout = 0;
      let timer: NodeJS.Timeout | undefined;
      const startClock = () => {
        timer = setTimeout(
          () => abort?.(Object.assign(new Error('no answer in time'), { code: 'UND_ERR_HEADERS_TIMEOUT' })),
          timeoutMs,
        );
      };
      if (req.complete) startClock();
      else req.once('end', startClock);
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
    connections.get(target)!.dispatch(options, handler);
  }

  const start = (call: Omit<Call, 'tried'>) => send({ ...call, tried: new Set() });

  return {
    /** Forwards the request; the gateway's headers already set on `res` survive unless the service sets its own. */
    forward(upstream: Upstream, req: IncomingMessage, res: ServerResponse, staff: boolean): void {
      if (staff) res.setHeader('Cache-Control', 'no-store');
      const pool = pools[upstream];
      const length = req.headers['content-length'];
      const announced = length === undefined ? undefined : Number(length);
      const chunked = req.headers['transfer-encoding'] !== undefined;
      if (!chunked && (announced === undefined || announced === 0)) {
        req.resume(); // nothing to read, but the request must still end for Node to reuse the connection
        start({ upstream, pool, req, res, staff, body: { kind: 'none' } });
        return;
      }
      if (!chunked && announced !== undefined && announced <= READ_WHOLE_UP_TO) {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        // A body that never arrives whole is the server's 408 (or a client that left): no upstream call is made.
        req.on('error', () => undefined);
        req.on('end', () => {
          const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          start({ upstream, pool, req, res, staff, body: { kind: 'whole', bytes } });
        });
        return;
      }
      if (pool.targets.length === 1) {
        // One member: nobody to send it to again, so the body streams straight through, as it always did.
        start({ upstream, pool, req, res, staff, body: { kind: 'stream', source: req } });
        return;
      }
      // Several members and an unsized or large body: kept in memory up to the replay limit, as on the full lane,
      // so a small chunked body can still go to another member; a larger one streams on after its head.
      void readReplayableBody(req).then((kept) => {
        if (!kept) return; // the client went away while sending: nothing to forward
        if (kept.complete) {
          start({ upstream, pool, req, res, staff, body: { kind: 'whole', bytes: kept.body } });
          return;
        }
        const source = Readable.from(
          (async function* () {
            yield* kept.head;
            for await (const chunk of req) yield chunk as Buffer;
          })(),
        );
        start({ upstream, pool, req, res, staff, body: { kind: 'stream', source } });
      });
    },
    /** Finishes what is in flight, then closes the pooled connections (after the server has stopped taking requests). */
    async close(): Promise<void> {
      await Promise.all([...connections.values()].map((connection) => connection.close()));
    },
  };
}

export type FastForward = ReturnType<typeof createFastForward>;
