import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { AppError, errorHandler, notFoundHandler } from './errors.js';
import type { Logger } from './logger.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';

export interface ServiceAppOptions {
  logger: Logger;
  /** Express `trust proxy`: only these hops may state the client's address. */
  trustProxy: string;
}

const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * An Express app with what every service needs before its routes: request id, request logging, security headers
 * for a JSON API, and no framework banner. Finish it with `finishServiceApp` after mounting routes.
 */
export function createServiceApp({ logger, trustProxy }: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.set('etag', false);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req) => QUIET_PATHS.has(req.url?.split('?')[0] ?? '') },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      // Bodies are never logged; headers only by allow-list, so tokens and cookies cannot leak.
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.split('?')[0],
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(
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
  return app;
}

/** Unknown routes answer JSON 404; every error goes through the one error handler. */
export function finishServiceApp(app: Express, logger: Logger): Express {
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}

/** JSON bodies only, small, objects only: anything else is the client's mistake (415, 413, 400). */
export function jsonBody(limit = '4kb'): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
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
  return [requireJson, express.json({ limit, strict: true, type: 'application/json' })];
}

/** Staff answers and anything carrying personal data must not be kept by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
