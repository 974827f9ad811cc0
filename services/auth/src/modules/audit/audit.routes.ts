import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { AuditLogRepository } from '../../core/audit-log.repository.js';

const auditQuery = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'is not a cursor from a previous page')
    .transform((value) => BigInt(value))
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export function auditRoutes(audit: AuditLogRepository, guard: (required?: 'admin' | 'viewer') => RequestHandler[]): Router {
  const router = Router();
  router.get('/audit', ...guard('admin'), async (req, res, next) => {
    try {
      const { cursor, limit } = auditQuery.parse(req.query);
      res.json(await audit.page(cursor, limit));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
