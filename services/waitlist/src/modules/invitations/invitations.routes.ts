import { jsonBody } from '@mmdm/shared/http';
import { Router } from 'express';
import type { InvitationsService } from './invitations.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/waitlist';

export interface InvitationRoutesDeps {
  service: InvitationsService;
}

/** The invitation page's calls: a GET that only reads (mail scanners fetch links) and the POST that lets one in. */
export function invitationRoutes({ service }: InvitationRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  const json = jsonBody('4kb');

  route(calls.getInvitation, async (req, res) => {
    const { token } = validated(calls.getInvitation, res).query;
    const data = await service.invitation(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'You are invited.', data });
  });

  route(calls.acceptInvitation, ...json, async (req, res) => {
    const { token } = validated(calls.acceptInvitation, res).body;
    const data = await service.accept(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Welcome in!', data });
  });

  return router;
}
