import { jsonBody, noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { ReviewService } from './review.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-review';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface ReviewRoutesDeps {
  service: ReviewService;
  verifier: StaffTokenVerifier;
}

/** Staff: the review queue (flagged entries, held credits) and the throwaway-domain deny and allow lists. */
export function reviewRoutes({ service, verifier }: ReviewRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  const json = jsonBody('4kb');
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.getReviewCount, async (_req, res) => {
    res.json(await service.count());
  });

  route(calls.getReviewQueue, async (req, res) => {
    res.json(await service.queue(staffActorOf(req)));
  });

  route(calls.decideEntry, ...json, async (req, res) => {
    const {
      params: { id },
      body: { decision },
    } = validated(calls.decideEntry, res);
    await service.decideEntry(id, decision, staffActorOf(req));
    res.json({ success: true, message: decision === 'approve' ? 'The entry is approved.' : 'The entry is rejected.' });
  });

  route(calls.decideHeldCredit, ...json, async (req, res) => {
    const {
      params: { id },
      body: { decision },
    } = validated(calls.decideHeldCredit, res);
    await service.decideCredit(id, decision, staffActorOf(req));
    res.json({
      success: true,
      message: decision === 'approve' ? 'The credit is granted.' : 'The entry is rejected; its credit never counts.',
    });
  });

  route(calls.listDomainRules, async (_req, res) => {
    res.json(await service.domainRules());
  });

  route(calls.setDomainRule, ...json, async (req, res) => {
    const { domain, rule } = validated(calls.setDomainRule, res).body;
    const saved = await service.setDomainRule(domain, rule, staffActorOf(req));
    res.status(201).json(saved);
  });

  route(calls.deleteDomainRule, async (req, res) => {
    const { domain } = validated(calls.deleteDomainRule, res).params;
    await service.deleteDomainRule(domain, staffActorOf(req));
    res.status(204).end();
  });

  return router;
}
