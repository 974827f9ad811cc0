import type { RequestHandler } from 'express';
import type { ServerResponse } from 'node:http';
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

/** The fields of an access-log line, the same in every process (the gateway adds the `upstream` it called). */
export interface AccessLine {
  reqId: string;
  method: string | undefined;
  /** Without the query string: confirmation tokens travel in it. */
  path: string;
  status: number;
  ms: number;
  client: string | undefined;
  upstream?: string;
}

/** The status an answer ended with, or 499 when the client went away before it was sent (nginx's term). */
export function statusWhenClosed(res: ServerResponse): number {
  return res.writableFinished ? res.statusCode : 499;
}

/**
 * Writes one access line, at the same level in every process: `error` for a 5xx (the operator's concern), `info`
 * for anything else; a 4xx is the client's mistake, not a warning to whoever runs the service.
 */
export function writeAccessLine(access: Logger, line: AccessLine): void {
  if (line.status >= 500) access.error(line, 'request failed');
  else if (line.status >= 400) access.info(line, 'request refused');
  else access.info(line, 'request');
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
        writeAccessLine(access, {
          reqId: id,
          method: req.method,
          path,
          status: statusWhenClosed(res),
          ms: Math.round(performance.now() - started),
          client: req.ip,
        });
      });
    }
    next();
  };
}
