import { Router, type Request } from 'express';
import type { ChallengeService } from './challenge.service.js';
import type { ClientPace } from './client-pace.js';
import { networkOf } from './network.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/waitlist';

export interface AbuseRoutesDeps {
  challenge: ChallengeService;
  /** The client's own pace (its sign-ups this window), which may ask for more work than the network's pressure. */
  pace?: ClientPace;
}

/** `req.ip` honours `trust proxy`: the gateway's X-Forwarded-For when the gateway sent it, else the socket peer. */
const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Public: the proof-of-work challenge the sign-up form solves in the background while the visitor types. */
export function abuseRoutes({ challenge, pace }: AbuseRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  route(calls.getSignupChallenge, async (req, res) => {
    // Each challenge is spent once: a cached one would be refused as a replay.
    res.setHeader('Cache-Control', 'no-store');
    const address = addressOf(req);
    res.json(await challenge.issue(networkOf(address), pace?.upcoming(address) ?? 0));
  });
  return router;
}
