import { clientKeyOf } from '@mmdm/shared/client-address';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { Router } from 'express';
import type { ClientRateLimiter } from '../../lib/rate-limit.js';
import { requestId } from '@mmdm/shared/request-id';
import type { PrivacyService } from './privacy.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/privacy';

export interface PrivacyRoutesDeps {
  service: PrivacyService;
  /** Requests for a data link per client address (the answer never depends on the address asked about). */
  requestLimiter: ClientRateLimiter;
}

/** One sentence for a listed and an unlisted address alike: nobody learns from it who is on the list. */
export const LINK_REQUESTED = {
  success: true,
  message:
    'If this address is on our waitlist, we have just sent it a link to its data. The link works once, for one hour.',
} as const;

/** The "Your data" page's calls: ask for a link, open it, erase everything. */
export function privacyRoutes({ service, requestLimiter }: PrivacyRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  const json = jsonBody('4kb');

  route(calls.requestDataLink, ...json, async (req, res) => {
    const { email } = validated(calls.requestDataLink, res).body;
    await requestLimiter.consume(clientKeyOf(req.ip ?? req.socket.remoteAddress ?? 'unknown'));
    await service.requestLink(email, requestId(req));
    res.json(LINK_REQUESTED);
  });

  route(calls.openDataLink, noStore, ...json, async (req, res) => {
    const { token } = validated(calls.openDataLink, res).body;
    res.json({ success: true, ...(await service.open(token)) });
  });

  route(calls.eraseMyData, noStore, ...json, async (req, res) => {
    const { session } = validated(calls.eraseMyData, res).body;
    await service.erase(session, requestId(req), req.ip ?? null);
    res.json({ success: true, message: 'Everything we held about you is erased. You can sign up again at any time.' });
  });

  return router;
}
