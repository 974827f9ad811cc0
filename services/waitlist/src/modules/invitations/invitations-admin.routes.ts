import { jsonBody, noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { InvitationsService } from './invitations.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-launch';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';
import { previewTarget } from '@mmdm/contracts/launch-admin';

export interface InvitationsAdminRoutesDeps {
  service: InvitationsService;
  verifier: StaffTokenVerifier;
}

/** Staff: invite a wave (admin), preview it and list the waves (viewer). */
export function invitationsAdminRoutes({ service, verifier }: InvitationsAdminRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  const json = jsonBody('4kb');
  // Staff answers are never cached, refusals included.
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.inviteWave, ...json, async (req, res) => {
    const { count, city, balance } = validated(calls.inviteWave, res).body;
    const result = await service.invite({ count, city, balance, actor: staffActorOf(req) });
    res.status(202).json(result);
  });

  route(calls.previewWave, async (_req, res) => {
    const query = validated(calls.previewWave, res).query;
    res.json(await service.preview(query.count, query.city, previewTarget(query)));
  });

  route(calls.listWaves, async (_req, res) => {
    res.json(await service.waves());
  });

  return router;
}
