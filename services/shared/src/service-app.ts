import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { AppError, errorHandler, notFoundHandler } from './errors.js';
import type { Logger } from './logger.js';
import { httpMetrics, type HttpMetrics } from './metrics.js';
import { requestLogging } from './request-logging.js';

export interface ServiceAppOptions {
  logger: Logger;
  /** Express `trust proxy`: only these hops may state the client's address. */
  trustProxy: string;
  /** Counts every answered request by route template, method and status (`createHttpMetrics`). */
  metrics?: HttpMetrics;
}

/**
 * The headers a middleware that only sets constant headers (helmet) sets, recorded once at start by running it
 * against a recorder: the same headers, without a dozen chained middleware calls per request.
 */
function recordHeaders(middleware: RequestHandler): readonly (readonly [string, string])[] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  // helmet sets constant strings and calls next() synchronously; anything else would be a misuse of this helper.
  let called = false;
  middleware(
    {} as Parameters<RequestHandler>[0],
    recorder as unknown as Parameters<RequestHandler>[1],
    () => (called = true),
  );
  if (!called) throw new Error('recordHeaders: the middleware did not finish synchronously');
  return headers;
}

/**
 * The security headers of every service answer (helmet, for a JSON API), as name/value pairs. Exported for a lean
 * route that answers without Express (the sign-up, decision 020), which must send exactly what the app sends.
 */
export const SERVICE_SECURITY_HEADERS = recordHeaders(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], objectSrc: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS is only meaningful behind TLS; the gateway adds it when the request came over https.
    strictTransportSecurity: false,
  }),
);

const setSecurityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of SERVICE_SECURITY_HEADERS) res.setHeader(name, value);
  next();
};

/**
 * An Express app with what every service needs before its routes: request id, request logging, security headers
 * for a JSON API, and no framework banner. Finish it with `finishServiceApp` after mounting routes.
 */
export function createServiceApp({ logger, trustProxy, metrics }: ServiceAppOptions): Express {
  const app = express();
  if (metrics) app.use(httpMetrics(app, metrics));
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.set('etag', false);
  app.use(requestLogging(logger));
  app.use(setSecurityHeaders);
  return app;
}

/** Unknown routes answer JSON 404; every error goes through the one error handler. */
export function finishServiceApp(app: Express, logger: Logger): Express {
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}

/**
 * JSON bodies only, uncompressed, small, objects only: anything else is the client's mistake (415, 413, 400).
 * No client of ours compresses what it sends, and inflating would let a few bytes on the wire cost far more to
 * read, so any Content-Encoding but identity is refused as unsupported (RFC 9110 §15.5.16) rather than failing later
 * as a body that could not be read.
 */
export function jsonBody(limit = '4kb'): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    const encoding = req.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      next(new AppError(415, 'unsupported_encoding', 'Send the request body uncompressed (no Content-Encoding).'));
      return;
    }
    const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if ((hasBody || chunked) && !req.is('application/json')) {
      next(
        new AppError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).'),
      );
      return;
    }
    next();
  };
  return [requireJson, express.json({ limit, strict: true, type: 'application/json', inflate: false })];
}

/** Staff answers and anything carrying personal data must not be kept by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
