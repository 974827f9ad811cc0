import {
  listMessagesParams,
  messageHandledBody,
  messageIdParams,
  STAFF_MESSAGE_PATHS,
} from '@mmdm/contracts/contact-admin';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { ContactService } from './contact.service.js';

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
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  router.use(STAFF_MESSAGE_PATHS.list, noStore);

  router.get(STAFF_MESSAGE_PATHS.list, viewer, async (req, res) => {
    const query = listMessagesParams.parse(req.query);
    res.json(await service.list(query, staffActorOf(req)));
  });

  router.get(STAFF_MESSAGE_PATHS.one, viewer, async (req, res) => {
    const { id } = messageIdParams.parse(req.params);
    res.json(await service.read(id, staffActorOf(req)));
  });

  router.post(STAFF_MESSAGE_PATHS.handled, admin, ...jsonBody('4kb'), async (req, res) => {
    const { id } = messageIdParams.parse(req.params);
    const { handled } = messageHandledBody.parse(req.body);
    res.json(await service.setHandled(id, handled, staffActorOf(req)));
  });

  router.delete(STAFF_MESSAGE_PATHS.one, admin, async (req, res) => {
    const { id } = messageIdParams.parse(req.params);
    await service.erase(id, staffActorOf(req));
    res.status(204).end();
  });

  return router;
}
