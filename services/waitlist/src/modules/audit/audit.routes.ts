import { noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import type { AuditService } from './audit.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface AuditRoutesDeps {
  service: AuditService;
  verifier: StaffTokenVerifier;
}

/** The waitlist's audit log under /api/admin/waitlist, for admins. */
export function auditRoutes({ service, verifier }: AuditRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.listWaitlistAudit, async (req, res) => {
    const { cursor, limit, kind } = validated(calls.listWaitlistAudit, res).query;
    res.json(await service.page(cursor, limit, kind));
  });

  return router;
}
