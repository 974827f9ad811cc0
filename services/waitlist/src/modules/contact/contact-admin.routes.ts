import {
  listMessagesParams,
  messageHandledBody,
  messageIdParams,
  STAFF_MESSAGE_PATHS,
} from '@mmdm/contracts/contact-admin';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { currentClaims, requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import type { Queryable } from '../../lib/db.js';
import { auditStaffAction, auditStaffRead } from '../admin/admin.service.js';
import type { ContactService } from './contact.service.js';

export interface ContactAdminRoutesDeps {
  service: ContactService;
  verifier: StaffTokenVerifier;
  /** Where staff reads are audited (the audit log). */
  pool: Queryable;
}

/**
 * Staff: the contact form's messages. Viewers read them (the list and each message, both audited as reads of personal
 * data); admins mark them handled or open again and erase one, as every other change in the panel is an admin's.
 */
export function contactAdminRoutes({ service, verifier, pool }: ContactAdminRoutesDeps): Router {
  const router = Router();
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  router.use(STAFF_MESSAGE_PATHS.list, noStore);

  router.get(STAFF_MESSAGE_PATHS.list, viewer, async (req, res) => {
    const query = listMessagesParams.parse(req.query);
    const filter = { state: query.state, limit: query.limit, laterPage: query.cursor !== undefined };
    const [page] = await Promise.all([service.list(query), auditStaffRead(pool, req, 'messages.list', filter)]);
    res.json(page);
  });

  router.get(STAFF_MESSAGE_PATHS.one, viewer, async (req, res) => {
    const { id } = messageIdParams.parse(req.params);
    const [message] = await Promise.all([service.read(id), auditStaffRead(pool, req, 'message.read', {}, id)]);
    res.json(message);
  });

  router.post(STAFF_MESSAGE_PATHS.handled, admin, ...jsonBody('4kb'), async (req, res) => {
    const { id } = messageIdParams.parse(req.params);
    const { handled } = messageHandledBody.parse(req.body);
    const action = handled ? 'message.handle' : 'message.reopen';
    res.json(
      await service.setHandled(id, handled, currentClaims(req).sub, (client) =>
        auditStaffAction(client, req, action, id, {}),
      ),
    );
  });

  router.delete(STAFF_MESSAGE_PATHS.one, admin, async (req, res) => {
    const { id } = messageIdParams.parse(req.params);
    await service.erase(id, (client) => auditStaffAction(client, req, 'message.delete', id, {}));
    res.status(204).end();
  });

  return router;
}
