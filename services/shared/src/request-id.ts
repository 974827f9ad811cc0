import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'http' {
  interface IncomingMessage {
    /** The request id (see `requestId`); set by the services' request logging, first thing for every request. */
    id: string;
  }
}

/**
 * The request's id, the one name for it in code (`requestId`; log lines carry it as `reqId`, the audit tables as
 * `request_id`). Keeps the id nginx or the gateway set, so one id follows a request through every hop, log line,
 * job and audit row; anything that does not look like an id (log injection, huge values) is replaced by a fresh one.
 * Decided once per request: later calls answer the same id.
 */
export function requestId(req: IncomingMessage): string {
  if (req.id) return req.id;
  const incoming = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  req.id = value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
  return req.id;
}
