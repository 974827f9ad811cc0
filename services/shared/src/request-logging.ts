import type { RequestHandler } from 'express';
import type { Logger } from './logger.js';
import { REQUEST_ID_HEADER, requestId } from './request-id.js';

declare module 'http' {
  interface IncomingMessage {
    /** The service's logger (not a per-request child: building one per request cost more than the line itself). */
    log: Logger;
  }
}

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * A logger for access-log lines only. Their fields are fixed (id, method, path without query, status, time, client):
 * no body, header or query string that redaction could have to catch, and redaction's path walking was two thirds
 * of each line's cost (docs/performance.md).
 */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: [] } });
}

/**
 * Request id and one access-log line per request, written when the answer is done: what pino-http did, without its
 * per-request child logger and serializers, which were the largest piece of a sign-up's own CPU time in the service
 * (docs/performance.md). The query string is never logged: confirmation tokens travel in it.
 */
export function requestLogging(logger: Logger): RequestHandler {
  const access = accessLogger(logger);
  return (req, res, next) => {
    const started = performance.now();
    const id = requestId(req);
    req.log = logger;
    res.setHeader(REQUEST_ID_HEADER, id);
    const path = pathOf(req.url);
    if (!QUIET_PATHS.has(path)) {
      res.once('close', () => {
        const status = res.writableFinished ? res.statusCode : 499; // 499: the client went away first (nginx's term)
        const fields = {
          reqId: id,
          method: req.method,
          path,
          status,
          ms: Math.round(performance.now() - started),
          client: req.ip,
        };
        if (status >= 500) access.error(fields, 'request failed');
        else if (status >= 400) access.warn(fields, 'request refused');
        else access.info(fields, 'request');
      });
    }
    next();
  };
}
