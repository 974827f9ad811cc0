import { Router } from 'express';
import type { StaffGuard } from '../staff/staff.guard.js';
import type { AuditService } from './audit.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-auth';
import { STAFF_API_PREFIX } from '@mmdm/contracts/calls/define-call';

export function auditRoutes(audit: AuditService, guard: StaffGuard): Router {
  const router = Router();
  const route = declaredRoutes(router, STAFF_API_PREFIX, { guard });
  route(calls.listAuthAudit, async (_req, res) => {
    const { cursor, limit } = validated(calls.listAuthAudit, res).query;
    res.json(await audit.page(cursor, limit));
  });
  return router;
}
