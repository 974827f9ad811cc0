import { Router, type RequestHandler } from 'express';
import type { KeyStore } from '../../core/key-store.js';

/** Public keys only. Short caching: verifiers re-fetch anyway when they meet an unknown kid after a rotation. */
export function jwksRoutes(keys: KeyStore): Router {
  const router = Router();
  const handler: RequestHandler = async (_req, res, next) => {
    try {
      const jwks = await keys.jwks();
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.json(jwks);
    } catch (error) {
      next(error);
    }
  };
  router.get('/.well-known/jwks.json', handler);
  router.get('/api/admin/jwks.json', handler);
  return router;
}
