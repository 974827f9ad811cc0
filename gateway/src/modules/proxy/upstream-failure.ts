import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from '../../http/json-answer.js';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again.';
const TOO_SLOW = 'The service took too long to answer. Please try again.';

/** Errors that mean "nobody is listening there" (503) rather than "it broke while answering" (502). */
const NOT_THERE = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
/** undici's names for "no answer within PROXY_TIMEOUT_MS": connecting, waiting for the head, or between body chunks. */
const TOO_LATE = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Whether the call failed because the member was too slow (PROXY_TIMEOUT_MS), not because it was gone. */
export function isTimeout(code: string | undefined): boolean {
  return code !== undefined && TOO_LATE.has(code);
}

/** 504 when the service took too long, 503 when nobody listens, 502 when it broke while answering. */
export function failureStatusOf(code: string | undefined): 502 | 503 | 504 {
  if (code === undefined) return 502;
  if (TOO_LATE.has(code)) return 504;
  return NOT_THERE.has(code) ? 503 : 502;
}

/** The answer to a failed upstream call: JSON while nothing was sent yet, else a cut connection (never a truncated answer that looks whole). */
export function answerUpstreamFailure(req: IncomingMessage, res: ServerResponse, status: 502 | 503 | 504): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const head = req.method === 'HEAD';
  if (status === 504) sendError(res, 504, 'gateway_timeout', TOO_SLOW, { head });
  else sendError(res, status, 'service_unavailable', UNAVAILABLE, { head, headers: { 'Retry-After': '5' } });
}
