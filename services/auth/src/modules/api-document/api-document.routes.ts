import { OPENAPI_DOCUMENT_PATH, openApiDocument } from '@mmdm/contracts/openapi';
import { Router } from 'express';

/**
 * GET /api/openapi.json: the OpenAPI document of the whole API (both services), generated from the contracts' zod
 * schemas on first request. Served here because this service already loads the contracts; the gateway stays free
 * of zod and forwards this one path.
 */
export function apiDocumentRoutes(): Router {
  const router = Router();
  let body: string | undefined;
  router.get(OPENAPI_DOCUMENT_PATH, (_req, res) => {
    body ??= JSON.stringify(openApiDocument());
    res.set('Cache-Control', 'public, max-age=300').type('application/json').send(body);
  });
  return router;
}
