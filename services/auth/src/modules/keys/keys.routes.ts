import { Router, type RequestHandler } from 'express';
import type { KeyStore } from './keys.service.js';

/** Public keys only. Short caching: verifiers re-fetch anyway when they meet an unknown kid after a rotation. */
export function jwksRoutes(keys: KeyStore): Router {
  const router = Router();
  const handler: RequestHandler = async (_req, res) => {
    const jwks = await keys.jwks();
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(jwks);
  };
  router.get('/.well-known/jwks.json', handler);
  router.get('/api/admin/jwks.json', handler);
  return router;
}
