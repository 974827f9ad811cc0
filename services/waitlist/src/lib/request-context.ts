import type { Logger } from '@mmdm/shared/logger';
import type { Request } from 'express';

/** Set by @mmdm/shared's request logging, first thing for every request. */
export function requestIdOf(req: Request): string {
  return req.id;
}

/** The service's logger bound to this request's id (built on demand: most requests never log beyond the access line). */
export function requestLogger(req: Request): Logger {
  return req.log.child({ reqId: req.id });
}
