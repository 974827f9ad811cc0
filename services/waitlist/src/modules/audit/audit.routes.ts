import { noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { auditQuery } from './audit.schema.js';
import type { AuditService } from './audit.service.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface AuditRoutesDeps {
  service: AuditService;
  verifier: StaffTokenVerifier;
}

/** The waitlist's audit log under /api/admin/waitlist, for admins. */
export function auditRoutes({ service, verifier }: AuditRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  const admin = requireStaff(verifier, 'admin');
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.listWaitlistAudit, admin, async (req, res) => {
    const { cursor, limit, kind } = auditQuery.parse(req.query);
    res.json(await service.page(cursor, limit, kind));
  });

  return router;
}
