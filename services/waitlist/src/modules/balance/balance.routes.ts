import { jsonBody } from '@mmdm/shared/http';
import { Router } from 'express';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
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

  route(calls.getBalance, async (_req, res) => {
    const { token } = validated(calls.getBalance, res).query;
    const data = await service.status(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'What you told us for balanced invitations.', data });
  });

  route(calls.giveBalance, ...json, async (_req, res) => {
    const { token, identity, seeking } = validated(calls.giveBalance, res).body;
    const data = await service.give(token, { identity, seeking });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Kept, sealed, until you are invited or withdraw it.', data });
  });

  route(calls.withdrawBalance, ...json, async (_req, res) => {
    const { token } = validated(calls.withdrawBalance, res).body;
    const data = await service.withdraw(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Deleted.', data });
  });

  return router;
}
