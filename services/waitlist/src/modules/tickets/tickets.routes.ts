import { jsonBody } from '@mmdm/shared/http';
import { Router } from 'express';
import type { TicketsService } from './tickets.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/tickets';

export interface TicketRoutesDeps {
  service: TicketsService;
}

/** Tickets for friends, the public side: a member's tickets, a ticket link's state, a person in line using one. */
export function ticketRoutes({ service }: TicketRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  const json = jsonBody('4kb');

  route(calls.getMemberTickets, async (_req, res) => {
    const { token } = validated(calls.getMemberTickets, res).query;
    const data = await service.memberTickets(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, data });
  });

  route(calls.getTicket, async (_req, res) => {
    const { code } = validated(calls.getTicket, res).query;
    const data = await service.ticketLink(code);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, data });
  });

  route(calls.attachTicket, ...json, async (_req, res) => {
    const { token, ticket } = validated(calls.attachTicket, res).body;
    const data = await service.attach(token, ticket);
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      success: true,
      message:
        data.state === 'used'
          ? 'Your ticket is in: the next wave of your city invites you first.'
          : 'Your ticket is kept: it counts once you confirm your address.',
      data,
    });
  });

  return router;
}
