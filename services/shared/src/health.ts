import { Router } from 'express';
import { runChecks, type Check } from './checks.js';

export { runChecks, type Check, type CheckResult } from './checks.js';

/** `/healthz`: the process is alive. `/readyz`: it can reach what it needs (Postgres, Redis). */
export function healthRoutes(checks: Record<string, Check>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const result = await runChecks(checks);
    res.setHeader('Cache-Control', 'no-store');
    res.status(result.status === 'ok' ? 200 : 503).json(result);
  });
  return router;
}
