import type { IncomingMessage } from 'node:http';

/** Errors that mean no connection to the member was ever made: nothing of the request reached it. */
export const NO_CONNECTION = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
/** Errors of a connection that broke before any answer came: the member may have read, even acted on, the request. */
const BROKE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
/** RFC 9110 §9.2.1: safe methods change nothing, so a repeat is harmless. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface FailedCall {
  method: string;
  /** The error's `code` (Node's system error codes); `socket hang up` has none. */
  code: string | undefined;
  message: string;
  /** The call hit the proxy time-out: the member is slow, not gone, and may still be working on it. */
  timedOut: boolean;
  /** Part of the member's answer had arrived (or been sent on to the client). */
  answerStarted: boolean;
  /** The whole request body is in hand and can be sent again (always true for a request without one). */
  bodyReplayable: boolean;
}

export interface RetryPlan {
  /** Take the member out of the rotation: it refused or dropped the connection before answering. */
  markDown: boolean;
  /** Send the request to another member (if one is left). */
  retry: boolean;
}

/**
 * What to do when a call to one member failed (decision 021):
 * - no connection was made (refused, unreachable): the member never saw a byte, so any request, a sign-up POST
 *   included, may go to another member, provided its body can be sent again;
 * - the connection broke before an answer: only a safe method is sent again (a POST may have been acted on);
 * - a time-out or an answer already under way: never (the member may still be working; the client has bytes).
 */
export function retryPlanOf(call: FailedCall): RetryPlan {
  if (call.timedOut || call.answerStarted) return { markDown: false, retry: false };
  if (call.code && NO_CONNECTION.has(call.code)) return { markDown: true, retry: call.bodyReplayable };
  const broke = (call.code && BROKE.has(call.code)) || call.message === 'socket hang up';
  if (broke) return { markDown: true, retry: SAFE_METHODS.has(call.method) && call.bodyReplayable };
  return { markDown: false, retry: false };
}

/** A request body read into memory (so it can be sent to another member), or as much of it as the limit allowed. */
export type ReplayableBody =
  | { complete: true; body: Buffer }
  /** Too large to keep: `head` was read, the rest is still in the request stream. */
  | { complete: false; head: Buffer[] };

/**
 * Every body the services take is at most 4 kB (their JSON limit); a larger one is kept only up to this limit and the
 * rest streamed through, so the service still answers its own 413 and nothing is held in memory for it.
 */
export const REPLAY_LIMIT_BYTES = 16 * 1024;

/** Reads the request's body for sending (again) to a member; resolves undefined if the client went away meanwhile. */
export function readReplayableBody(
  req: IncomingMessage,
  limit = REPLAY_LIMIT_BYTES,
): Promise<ReplayableBody | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: ReplayableBody | undefined) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish({ complete: false, head: chunks });
      }
    };
    const onEnd = () => finish({ complete: true, body: Buffer.concat(chunks) });
    const onGone = () => finish(undefined);
    const onClose = () => {
      if (!req.complete) finish(undefined);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onClose);
  });
}
