import { errorBody } from '@mmdm/shared/errors';
import type { ServerResponse } from 'node:http';

/** Writes a JSON answer; HEAD gets the headers alone. Security headers are already on `res`. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  head = false,
): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', payload.length);
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store');
  res.end(head ? undefined : payload);
}

/** The error shape of docs/architecture.md, `{success:false, code, message}`. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  options: { headers?: Record<string, string>; head?: boolean } = {},
): void {
  sendJson(res, status, errorBody(code, message), options.headers, options.head);
}
