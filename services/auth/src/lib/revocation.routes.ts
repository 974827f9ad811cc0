import { Router } from 'express';
import type { Revocation } from './revocation.js';

/**
 * Where the waitlist service asks for the revocation cache to be filled again after Redis lost it (it has no rights
 * on the auth schema). On the service's own port only: the gateway forwards /api/admin/* alone. Cheap to call: with
 * the cache's marker present it is one Redis read, and concurrent refills share one.
 */
export function revocationRoutes(revocation: Revocation): Router {
  const router = Router();
  router.post('/internal/revocations/restore', async (_req, res) => {
    await revocation.restoreCacheIfLost();
    res.status(204).end();
  });
  return router;
}
