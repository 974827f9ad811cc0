import { jsonBody, noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-webhooks';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { WebhooksService } from './webhooks.service.js';

export interface WebhooksRoutesDeps {
  service: WebhooksService;
  verifier: StaffTokenVerifier;
}

/**
 * Admins only, reads included: an endpoint's URL and its log say where people's data goes. Secrets appear in two
 * answers only (creation and rotation), never in a list, a log line or the audit log.
 */
export function webhooksRoutes({ service, verifier }: WebhooksRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  router.use(calls.listWebhooks.path, noStore);

  route(calls.createWebhook, ...jsonBody(), async (req, res) => {
    const body = validated(calls.createWebhook, res).body;
    res.status(201).json(await service.create(body, staffActorOf(req)));
  });

  route(calls.listWebhooks, async (_req, res) => {
    res.json(await service.list());
  });

  route(calls.rotateWebhookSecret, async (req, res) => {
    const { id } = validated(calls.rotateWebhookSecret, res).params;
    res.json(await service.rotate(id, staffActorOf(req)));
  });

  route(calls.setWebhookEnabled, ...jsonBody('4kb'), async (req, res) => {
    const { id } = validated(calls.setWebhookEnabled, res).params;
    const { enabled } = validated(calls.setWebhookEnabled, res).body;
    res.json(await service.setEnabled(id, enabled, staffActorOf(req)));
  });

  route(calls.deleteWebhook, async (req, res) => {
    const { id } = validated(calls.deleteWebhook, res).params;
    await service.delete(id, staffActorOf(req));
    res.status(204).end();
  });

  route(calls.listWebhookDeliveries, async (_req, res) => {
    const { id } = validated(calls.listWebhookDeliveries, res).params;
    const { limit, cursor } = validated(calls.listWebhookDeliveries, res).query;
    res.json(await service.deliveries(id, limit, cursor));
  });

  route(calls.redeliverWebhook, async (req, res) => {
    const { id, deliveryId } = validated(calls.redeliverWebhook, res).params;
    await service.redeliver(id, deliveryId, staffActorOf(req));
    res.status(202).json({ success: true, message: 'The message will be sent again.' });
  });

  return router;
}
