import type { Logger } from '@mmdm/shared';
import type { Request } from 'express';
// pino-http (installed by @mmdm/shared's createServiceApp) puts `id` and `log` on every request.
import type {} from 'pino-http';

export function requestIdOf(req: Request): string {
  return String(req.id);
}

export function requestLogger(req: Request): Logger {
  return req.log;
}
