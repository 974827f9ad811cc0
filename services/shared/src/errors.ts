import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import type { Logger } from './logger.js';

/**
 * The one error type of every service. `status` and `message` reach the client; `code` is a stable,
 * machine-readable name the web app and tests can switch on.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/**
 * Something the request needs (Postgres, Redis, the auth service's keys) cannot be reached: our outage, not the
 * client's mistake. The error handler answers 503 `unavailable` with this message and `Retry-After`; the message is
 * the one the person reads, so it says what cannot be done right now.
 */
export class UnavailableError extends Error {
  readonly retryAfterSeconds: number;

  constructor(message = UNAVAILABLE_MESSAGE, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'UnavailableError';
    this.retryAfterSeconds = options.retryAfterSeconds ?? 5;
  }
}

/** The JSON body of every error answer. `success: false` and `message` are what the web app reads. */
export interface ErrorBody {
  success: false;
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
  [key: string]: unknown;
}

export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}): ErrorBody {
  return { success: false, code, message, ...extra };
}

/**
 * Turns a zod failure into what the client reads. A message written as a whole sentence for a person (it ends with a
 * full stop: "Enter a valid e-mail address, like name@example.com.") stands alone, since the web app shows it as it
 * is; any other (a fragment such as "is not a staff id", or zod's own "Invalid input") is completed by its field's
 * name: "email: Invalid email address". Each issue, with its field, is in `issues` too.
 */
export function describeZodError(error: z.core.$ZodError): {
  message: string;
  issues: { path: string; message: string }[];
} {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  const message = issues
    .map((issue) =>
      issue.path === '(body)' || issue.message.endsWith('.') ? issue.message : `${issue.path}: ${issue.message}`,
    )
    .reduce((text, part) => (text ? `${text}${text.endsWith('.') ? ' ' : '; '}${part}` : part), '');
  return { message, issues };
}

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** Maps body-parser's failures (which are the client's mistakes) to 4xx answers. */
function fromBodyParser(error: BodyParserError): AppError | undefined {
  switch (error.type) {
    case 'entity.too.large':
      return new AppError(413, 'payload_too_large', 'The request body is too large.');
    case 'entity.parse.failed':
      return new AppError(400, 'invalid_json', 'The request body is not valid JSON.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'unsupported_encoding', 'The request body encoding is not supported.');
    case 'request.aborted':
      return new AppError(400, 'request_aborted', 'The request was aborted.');
    default:
      if (typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.expose) {
        return new AppError(error.status, 'bad_request', 'The request could not be read.');
      }
      return undefined;
  }
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Query read timeout/i,
  /Connection is closed/i,
  /enableOfflineQueue/i,
  /max retries per request/i,
];

/**
 * A dependency (Postgres, Redis) that cannot be reached is an outage, not a bug: the client gets a 503 it may retry,
 * quickly, instead of a 500. SQLSTATE classes 08 (connection) and 57P0x (server shutting down) count too.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code))) {
    return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * The error middleware: the client's mistakes become 4xx with a clear message; anything unexpected becomes a 500
 * that says nothing internal and is logged with the request id.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    let appError: AppError | undefined;
    if (error instanceof AppError) appError = error;
    // $ZodError: classic zod's errors and zod/mini's (the public contracts) alike.
    else if (error instanceof z.core.$ZodError) {
      const { message, issues } = describeZodError(error);
      appError = new AppError(400, 'validation_error', message, { issues });
    } else if (error instanceof URIError) {
      // Express could not decode a path parameter (`/staff/%`): the client's malformed URL, not our failure.
      appError = new AppError(400, 'bad_request', 'The request path could not be read.');
    } else if (error && typeof error === 'object') appError = fromBodyParser(error as BodyParserError);

    if (!appError && (error instanceof UnavailableError || isDependencyUnavailable(error))) {
      (req.log ?? logger).warn({ err: error, reqId: req.id }, 'dependency unavailable');
      const unavailable = error instanceof UnavailableError ? error : new UnavailableError();
      appError = new AppError(503, 'unavailable', unavailable.message, undefined, {
        'Retry-After': String(unavailable.retryAfterSeconds),
      });
    }
    if (!appError) {
      (req.log ?? logger).error({ err: error, reqId: req.id }, 'unhandled error');
      appError = new AppError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [name, value] of Object.entries(appError.headers ?? {})) res.setHeader(name, value);
    res.status(appError.status).json(errorBody(appError.code, appError.message, appError.details));
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json(errorBody('not_found', `No such endpoint: ${req.method} ${req.path}`));
};
