import { noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import type { AnalyticsService } from './analytics.service.js';
import { staffActorOf } from '../audit/audit.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface AnalyticsRoutesDeps {
  service: AnalyticsService;
  verifier: StaffTokenVerifier;
}

/** The dashboard's figures and the analytics page under /api/admin/waitlist, for every staff member. */
export function analyticsRoutes({ service, verifier }: AnalyticsRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.getStats, async (req, res) => {
    res.json(await service.stats(staffActorOf(req)));
  });

  route(calls.getAnalytics, async (req, res) => {
    const { from, to } = validated(calls.getAnalytics, res).query;
    res.json(await service.analytics(from, to));
  });

  return router;
}
