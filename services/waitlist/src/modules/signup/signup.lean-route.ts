import { SERVICE_SECURITY_HEADERS } from '@mmdm/shared/http';
import type { Logger } from '@mmdm/shared/logger';
import type { HttpMetrics } from '@mmdm/shared/metrics';
import { REQUEST_ID_HEADER, requestId } from '@mmdm/shared/request-id';
import { accessLogger, statusWhenClosed, writeAccessLine } from '@mmdm/shared/request-logging';
import type { Express, RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import { signupOriginOf, type SignupCall } from './signup.routes.js';
import { joinWaitlist } from '@mmdm/contracts/calls/waitlist';

/** SIGNUP_BODY_LIMIT ('4kb') in bytes, as body-parser counts it. */
const BODY_LIMIT_BYTES = 4 * 1024;
/** What browsers and our web app send; any other spelling (other charsets, parameters) is left to Express. */
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);
const SIGNUP_ROUTE = joinWaitlist.path;
const DIGITS = /^\d+$/;

/** body-parser's failure for a body that is not a JSON object or array: the error handler answers it (400). */
const NOT_JSON = Object.freeze({ type: 'entity.parse.failed', status: 400, expose: true });

/** body-parser's strict mode: only an object or an array is a JSON body (JSON's whitespace may come first). */
function startsAsObjectOrArray(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) continue;
    return code === 0x7b || code === 0x5b; // { or [
  }
  return false;
}

type ExpressHandle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

export interface SignupLeanRouteDeps {
  signUp: SignupCall;
  logger: Logger;
  metrics?: HttpMetrics;
}

/**
 * `POST /waitlist` without Express: the hottest call of the launch answered by a plain request listener in front
 * of the app (decision 020). Express's router, body parser and response helpers were about a third of the
 * service's CPU per sign-up (docs/performance.md).
 *
 * It takes only the well-formed common case: exactly `POST /waitlist`, `Content-Type: application/json` (optionally
 * `; charset=utf-8`), a Content-Length of 1..4096 bytes, no Content-Encoding and no Transfer-Encoding. Anything
 * else goes to the Express route untouched, so every unusual request is answered as it always was (413, 415, ...).
 * It runs the same sign-up call as the Express route (`createSignupCall`), sends the same headers and bytes, writes
 * the same access line and counts the same metric. Any failure (invalid JSON, validation, rate limit, an outage)
 * is handed to Express's error handler, through the app's usual middleware, so error answers, their logging and
 * their metrics are Express's own.
 */
export function installSignupLeanRoute(app: Express, { signUp, logger, metrics }: SignupLeanRouteDeps): void {
  const access = accessLogger(logger);
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  const handedBack = new WeakMap<IncomingMessage, unknown>();
  // Express 5's app is `(req, res, next) => app.handle(req, res, next)`: the lean route goes first, Express takes the rest.
  const target = app as unknown as { handle: ExpressHandle };
  const expressHandle = target.handle.bind(app);

  function takes(req: IncomingMessage): boolean {
    if (req.method !== 'POST' || req.url !== SIGNUP_ROUTE) return false;
    const { headers } = req;
    if (headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return false;
    const type = headers['content-type'];
    if (type === undefined || !JSON_TYPES.has(type.toLowerCase())) return false;
    const length = headers['content-length'];
    if (length === undefined || !DIGITS.test(length)) return false;
    const bytes = Number(length);
    return bytes > 0 && bytes <= BODY_LIMIT_BYTES;
  }

  function answer(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    const id = requestId(req);
    let handed = false;

    // Express continues with this request from the start of its chain; its first route sees the error.
    const handBack = (error: unknown) => {
      handed = true;
      req.headers[REQUEST_ID_HEADER] = id; // one id in both paths' log lines, even if the client sent none
      handedBack.set(req, error);
      expressHandle(req, res);
    };

    res.once('close', () => {
      if (handed) return; // Express's own middleware logs and counts it
      const status = statusWhenClosed(res);
      writeAccessLine(access, {
        reqId: id,
        method: 'POST',
        path: SIGNUP_ROUTE,
        status,
        ms: Math.round(performance.now() - started),
        client: proxyaddr(req, trust),
      });
      metrics?.observe(SIGNUP_ROUTE, 'POST', status, (performance.now() - started) / 1000);
    });

    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => undefined); // a client that left mid-body: logged as 499 when the socket closes
    req.on('end', () => {
      let text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // body-parser drops a byte order mark too
      let body: unknown;
      try {
        if (!startsAsObjectOrArray(text)) throw new SyntaxError('not an object or array');
        body = JSON.parse(text);
      } catch {
        handBack(NOT_JSON);
        return;
      }
      signUp(body, signupOriginOf(req, trust), id).then((result) => {
        const payload = Buffer.from(JSON.stringify(result));
        // The headers of the Express route, in its order: request id, security headers, then res.json's own.
        res.setHeader(REQUEST_ID_HEADER, id);
        for (const [name, value] of SERVICE_SECURITY_HEADERS) res.setHeader(name, value);
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Length', payload.length);
        res.statusCode = 200;
        res.end(payload);
      }, handBack);
    });
  }

  target.handle = (req, res, next) => {
    if (takes(req)) answer(req, res);
    else expressHandle(req, res, next);
  };

  /** First in the app's own chain (after logging, metrics and headers): a handed-back failure goes to the error handler. */
  const resume: RequestHandler = (req, _res, next) => {
    if (!handedBack.has(req)) {
      next();
      return;
    }
    const error = handedBack.get(req);
    handedBack.delete(req);
    // Counted under its route, as the Express route's failures are.
    (req as unknown as { route: { path: string } }).route = { path: SIGNUP_ROUTE };
    next(error);
  };
  app.use(resume);
}
