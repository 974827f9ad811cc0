import { invitationTokenBody, tokenQuery } from '@mmdm/contracts/launch';
import { jsonBody } from '@mmdm/shared/http';
import { Router } from 'express';
import type { InvitationsService } from './invitations.service.js';

export interface InvitationRoutesDeps {
  service: InvitationsService;
}

/** The invitation page's calls: a GET that only reads (mail scanners fetch links) and the POST that lets one in. */
export function invitationRoutes({ service }: InvitationRoutesDeps): Router {
  const router = Router();
  const json = jsonBody('4kb');

  router.get('/waitlist/invitation', async (req, res) => {
    const { token } = tokenQuery.parse(req.query);
    const data = await service.invitation(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'You are invited.', data });
  });

  router.post('/waitlist/invitation/accept', ...json, async (req, res) => {
    const { token } = invitationTokenBody.parse(req.body);
    const data = await service.accept(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Welcome in!', data });
  });

  return router;
}
