import { Router } from 'express';
import type { StaffGuard } from '../staff/staff.guard.js';
import { auditQuery } from './audit.schema.js';
import type { AuditService } from './audit.service.js';

export function auditRoutes(audit: AuditService, guard: StaffGuard): Router {
  const router = Router();
  router.get('/audit', ...guard('admin'), async (req, res) => {
    const { cursor, limit } = auditQuery.parse(req.query);
    res.json(await audit.page(cursor, limit));
  });
  return router;
}
