import { Router, type RequestHandler } from 'express';
import type { KeyStore } from './keys.service.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
import { getJwks } from '@mmdm/contracts/calls/staff-auth';

/** Public keys only. Short caching: verifiers re-fetch anyway when they meet an unknown kid after a rotation. */
export function jwksRoutes(keys: KeyStore): Router {
  const router = Router();
  const handler: RequestHandler = async (_req, res) => {
    const jwks = await keys.jwks();
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(jwks);
  };
  router.get('/.well-known/jwks.json', handler);
  declaredRoutes(router)(getJwks, handler);
  return router;
}
