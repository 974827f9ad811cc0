import { Router, type Request } from 'express';
import type { ChallengeService } from './challenge.service.js';
import { networkOf } from './network.js';

export interface AbuseRoutesDeps {
  challenge: ChallengeService;
}

/** `req.ip` honours `trust proxy`: the gateway's X-Forwarded-For when the gateway sent it, else the socket peer. */
const networkOfRequest = (req: Request) => networkOf(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/** Public: the proof-of-work challenge the sign-up form solves in the background while the visitor types. */
export function abuseRoutes({ challenge }: AbuseRoutesDeps): Router {
  const router = Router();
  router.get('/waitlist/challenge', async (req, res) => {
    // Each challenge is spent once: a cached one would be refused as a replay.
    res.setHeader('Cache-Control', 'no-store');
    res.json(await challenge.issue(networkOfRequest(req)));
  });
  return router;
}
