import { jsonBody, noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { ContactService } from './contact.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-messages';

export interface ContactAdminRoutesDeps {
  service: ContactService;
  verifier: StaffTokenVerifier;
}

/**
 * Staff: the contact form's messages. Viewers read them (the list and each message, both audited as reads of personal
 * data); admins mark them handled or open again and erase one, as every other change in the panel is an admin's.
 */
export function contactAdminRoutes({ service, verifier }: ContactAdminRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  router.use(calls.listContactMessages.path, noStore);

  route(calls.listContactMessages, async (req, res) => {
    const query = validated(calls.listContactMessages, res).query;
    res.json(await service.list(query, staffActorOf(req)));
  });

  route(calls.readContactMessage, async (req, res) => {
    const { id } = validated(calls.readContactMessage, res).params;
    res.json(await service.read(id, staffActorOf(req)));
  });

  route(calls.setContactMessageHandled, ...jsonBody('4kb'), async (req, res) => {
    const {
      params: { id },
      body: { handled },
    } = validated(calls.setContactMessageHandled, res);
    res.json(await service.setHandled(id, handled, staffActorOf(req)));
  });

  route(calls.eraseContactMessage, async (req, res) => {
    const { id } = validated(calls.eraseContactMessage, res).params;
    await service.erase(id, staffActorOf(req));
    res.status(204).end();
  });

  return router;
}
