import { domainRuleBody, domainRuleParams, reviewDecisionBody, reviewParams } from '@mmdm/contracts/abuse-admin';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { currentClaims, requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router, type Request } from 'express';
import type pg from 'pg';
import { auditStaffAction, auditStaffRead, entriesReadOf, type AuditRecord } from '../admin/admin.service.js';
import type { ReviewService } from './review.service.js';

export interface ReviewRoutesDeps {
  service: ReviewService;
  pool: pg.Pool;
  verifier: StaffTokenVerifier;
}

/** Staff: the review queue (flagged entries, held credits) and the throwaway-domain deny and allow lists. */
export function reviewRoutes({ service, pool, verifier }: ReviewRoutesDeps): Router {
  const router = Router();
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  const json = jsonBody('4kb');
  router.use('/api/admin/waitlist', noStore);
  const audit = (req: Request, action: AuditRecord['action'], target: string, details: Record<string, unknown>) =>
    auditStaffAction(pool, req, action, target, details);

  router.get('/api/admin/waitlist/review/count', viewer, async (_req, res) => {
    res.json(await service.count());
  });

  router.get('/api/admin/waitlist/review', viewer, async (req, res) => {
    const queue = await service.queue();
    // The queue shows addresses: the read is audited with the entries it showed, before it is answered.
    const shown = [
      ...queue.entries.map((entry) => entry.id),
      ...queue.credits.flatMap((credit) => [credit.referredId, credit.referrerId]),
    ];
    await auditStaffRead(pool, req, 'review_queue.read', entriesReadOf(shown));
    res.json(queue);
  });

  router.post('/api/admin/waitlist/review/entries/:id', admin, ...json, async (req, res) => {
    const { id } = reviewParams.parse(req.params);
    const { decision } = reviewDecisionBody.parse(req.body);
    const outcome = await service.decideEntry(id, decision, currentClaims(req).sub);
    await audit(req, decision === 'approve' ? 'review.entry_approve' : 'review.entry_reject', id, { ...outcome });
    res.json({ success: true, message: decision === 'approve' ? 'The entry is approved.' : 'The entry is rejected.' });
  });

  router.post('/api/admin/waitlist/review/credits/:id', admin, ...json, async (req, res) => {
    const { id } = reviewParams.parse(req.params);
    const { decision } = reviewDecisionBody.parse(req.body);
    const outcome = await service.decideCredit(id, decision, currentClaims(req).sub);
    await audit(req, decision === 'approve' ? 'review.credit_approve' : 'review.credit_reject', id, { ...outcome });
    res.json({
      success: true,
      message: decision === 'approve' ? 'The credit is granted.' : 'The entry is rejected; its credit never counts.',
    });
  });

  router.get('/api/admin/waitlist/domain-rules', viewer, async (_req, res) => {
    res.json(await service.domainRules());
  });

  router.post('/api/admin/waitlist/domain-rules', admin, ...json, async (req, res) => {
    const { domain, rule } = domainRuleBody.parse(req.body);
    const saved = await service.setDomainRule(domain, rule, currentClaims(req).sub);
    await audit(req, 'domain_rule.set', domain, { rule });
    res.status(201).json(saved);
  });

  router.delete('/api/admin/waitlist/domain-rules/:domain', admin, async (req, res) => {
    const { domain } = domainRuleParams.parse(req.params);
    await service.deleteDomainRule(domain);
    await audit(req, 'domain_rule.delete', domain, {});
    res.status(204).end();
  });

  return router;
}
