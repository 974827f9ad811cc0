import { jsonBody, noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { TicketsService } from './tickets.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-tickets';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface TicketsAdminRoutesDeps {
  service: TicketsService;
  verifier: StaffTokenVerifier;
}

/** Staff: tickets given and used (viewer), revoking one (admin). */
export function ticketsAdminRoutes({ service, verifier }: TicketsAdminRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  const json = jsonBody('4kb');
  // Staff answers are never cached, refusals included.
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.listTickets, async (req, res) => {
    const query = validated(calls.listTickets, res).query;
    res.json(await service.list(query, staffActorOf(req)));
  });

  route(calls.revokeTicket, ...json, async (req, res) => {
    const { id } = validated(calls.revokeTicket, res).params;
    const { reason } = validated(calls.revokeTicket, res).body;
    res.json(await service.revoke(id, reason, staffActorOf(req)));
  });

  route(calls.approveTicket, async (req, res) => {
    const { id } = validated(calls.approveTicket, res).params;
    res.json(await service.approve(id, staffActorOf(req)));
  });

  return router;
}
