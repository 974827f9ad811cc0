import { inviteWaveBody, wavePreviewParams } from '@mmdm/contracts/launch-admin';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { InvitationsService } from './invitations.service.js';

export interface InvitationsAdminRoutesDeps {
  service: InvitationsService;
  verifier: StaffTokenVerifier;
}

/** Staff: invite a wave (admin), preview it and list the waves (viewer). */
export function invitationsAdminRoutes({ service, verifier }: InvitationsAdminRoutesDeps): Router {
  const router = Router();
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  const json = jsonBody('4kb');
  // Staff answers are never cached, refusals included.
  router.use('/api/admin/waitlist', noStore);

  router.post('/api/admin/waitlist/invitations', admin, ...json, async (req, res) => {
    const { count, city } = inviteWaveBody.parse(req.body);
    const result = await service.invite({ count, city, actor: staffActorOf(req) });
    res.status(202).json(result);
  });

  router.get('/api/admin/waitlist/invitations/preview', viewer, async (req, res) => {
    const { count, city } = wavePreviewParams.parse(req.query);
    res.json(await service.preview(count, city));
  });

  router.get('/api/admin/waitlist/invitations', viewer, async (_req, res) => {
    res.json(await service.waves());
  });

  return router;
}
