import { domainRuleParams, reviewParams } from '@mmdm/contracts/abuse-admin';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { ReviewService } from './review.service.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-review';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface ReviewRoutesDeps {
  service: ReviewService;
  verifier: StaffTokenVerifier;
}

/** Staff: the review queue (flagged entries, held credits) and the throwaway-domain deny and allow lists. */
export function reviewRoutes({ service, verifier }: ReviewRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  const json = jsonBody('4kb');
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.getReviewCount, viewer, async (_req, res) => {
    res.json(await service.count());
  });

  route(calls.getReviewQueue, viewer, async (req, res) => {
    res.json(await service.queue(staffActorOf(req)));
  });

  route(calls.decideEntry, admin, ...json, async (req, res) => {
    const { id } = reviewParams.parse(req.params);
    const { decision } = calls.decideEntry.body.parse(req.body);
    await service.decideEntry(id, decision, staffActorOf(req));
    res.json({ success: true, message: decision === 'approve' ? 'The entry is approved.' : 'The entry is rejected.' });
  });

  route(calls.decideHeldCredit, admin, ...json, async (req, res) => {
    const { id } = reviewParams.parse(req.params);
    const { decision } = calls.decideHeldCredit.body.parse(req.body);
    await service.decideCredit(id, decision, staffActorOf(req));
    res.json({
      success: true,
      message: decision === 'approve' ? 'The credit is granted.' : 'The entry is rejected; its credit never counts.',
    });
  });

  route(calls.listDomainRules, viewer, async (_req, res) => {
    res.json(await service.domainRules());
  });

  route(calls.setDomainRule, admin, ...json, async (req, res) => {
    const { domain, rule } = calls.setDomainRule.body.parse(req.body);
    const saved = await service.setDomainRule(domain, rule, staffActorOf(req));
    res.status(201).json(saved);
  });

  route(calls.deleteDomainRule, admin, async (req, res) => {
    const { domain } = domainRuleParams.parse(req.params);
    await service.deleteDomainRule(domain, staffActorOf(req));
    res.status(204).end();
  });

  return router;
}
