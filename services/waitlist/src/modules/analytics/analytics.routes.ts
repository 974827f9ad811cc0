import { noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { analyticsQuery } from './analytics.schema.js';
import type { AnalyticsService } from './analytics.service.js';
import { staffActorOf } from '../audit/audit.service.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface AnalyticsRoutesDeps {
  service: AnalyticsService;
  verifier: StaffTokenVerifier;
}

/** The dashboard's figures and the analytics page under /api/admin/waitlist, for every staff member. */
export function analyticsRoutes({ service, verifier }: AnalyticsRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  const viewer = requireStaff(verifier, 'viewer');
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.getStats, viewer, async (req, res) => {
    res.json(await service.stats(staffActorOf(req)));
  });

  route(calls.getAnalytics, viewer, async (req, res) => {
    const { from, to } = analyticsQuery.parse(req.query);
    res.json(await service.analytics(from, to));
  });

  return router;
}
