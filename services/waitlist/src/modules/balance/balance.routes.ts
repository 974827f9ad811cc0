import { jsonBody } from '@mmdm/shared/http';
import { Router } from 'express';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/waitlist';
import type { BalanceService } from './balance.service.js';

/**
 * The status page's optional "who you are and whom you hope to meet" (decision 035): read, give, withdraw, each by
 * the holder of the confirmation link only. Nothing here is logged beyond the request line, and the answers are
 * never cached.
 */
export function balanceRoutes({ service }: { service: BalanceService }): Router {
  const router = Router();
  const route = declaredRoutes(router);
  const json = jsonBody('4kb');

  route(calls.getBalance, async (req, res) => {
    const { token } = calls.getBalance.query.schema.parse(req.query);
    const data = await service.status(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'What you told us for balanced invitations.', data });
  });

  route(calls.giveBalance, ...json, async (req, res) => {
    const { token, identity, seeking } = calls.giveBalance.body.parse(req.body);
    const data = await service.give(token, { identity, seeking });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Kept, sealed, until you are invited or withdraw it.', data });
  });

  route(calls.withdrawBalance, ...json, async (req, res) => {
    const { token } = calls.withdrawBalance.body.parse(req.body);
    const data = await service.withdraw(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Deleted.', data });
  });

  return router;
}
