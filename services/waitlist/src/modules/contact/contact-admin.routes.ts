import { messageIdParams } from '@mmdm/contracts/contact-admin';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { ContactService } from './contact.service.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
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
  const route = declaredRoutes(router);
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  router.use(calls.listContactMessages.path, noStore);

  route(calls.listContactMessages, viewer, async (req, res) => {
    const query = calls.listContactMessages.query.schema.parse(req.query);
    res.json(await service.list(query, staffActorOf(req)));
  });

  route(calls.readContactMessage, viewer, async (req, res) => {
    const { id } = messageIdParams.parse(req.params);
    res.json(await service.read(id, staffActorOf(req)));
  });

  route(calls.setContactMessageHandled, admin, ...jsonBody('4kb'), async (req, res) => {
    const { id } = messageIdParams.parse(req.params);
    const { handled } = calls.setContactMessageHandled.body.parse(req.body);
    res.json(await service.setHandled(id, handled, staffActorOf(req)));
  });

  route(calls.eraseContactMessage, admin, async (req, res) => {
    const { id } = messageIdParams.parse(req.params);
    await service.erase(id, staffActorOf(req));
    res.status(204).end();
  });

  return router;
}
