import type { Logger } from '@mmdm/shared/logger';
import { requestId } from '@mmdm/shared/request-id';
import type { Request } from 'express';

/** The service's logger bound to this request's id (built on demand: most requests never log beyond the access line). */
export function requestLogger(req: Request): Logger {
  return req.log.child({ reqId: requestId(req) });
}
