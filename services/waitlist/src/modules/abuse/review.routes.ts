import { domainRuleBody, domainRuleParams, reviewDecisionBody, reviewParams } from '@mmdm/contracts/abuse-admin';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router, type Request } from 'express';
import type pg from 'pg';
import { parse } from '../../lib/parse.js';
import { requestIdOf } from '../../lib/request-context.js';
import { writeAudit, type AuditRecord } from '../admin/audit.repository.js';
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
    writeAudit(pool, {
      actorSub: req.staff!.sub,
      actorRole: req.staff!.role,
      action,
      target,
      ip: req.ip ?? null,
      requestId: requestIdOf(req),
      details,
    });

  router.get('/api/admin/waitlist/review', viewer, async (_req, res) => {
    res.json(await service.queue());
  });

  router.post('/api/admin/waitlist/review/entries/:id', admin, ...json, async (req, res) => {
    const { id } = parse(reviewParams, req.params);
    const { decision } = parse(reviewDecisionBody, req.body);
    const outcome = await service.decideEntry(id, decision, req.staff!.sub);
    await audit(req, decision === 'approve' ? 'review.entry_approve' : 'review.entry_reject', id, { ...outcome });
    res.json({ success: true, message: decision === 'approve' ? 'The entry is approved.' : 'The entry is rejected.' });
  });

  router.post('/api/admin/waitlist/review/credits/:id', admin, ...json, async (req, res) => {
    const { id } = parse(reviewParams, req.params);
    const { decision } = parse(reviewDecisionBody, req.body);
    const outcome = await service.decideCredit(id, decision, req.staff!.sub);
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
    const { domain, rule } = parse(domainRuleBody, req.body);
    const saved = await service.setDomainRule(domain, rule, req.staff!.sub);
    await audit(req, 'domain_rule.set', domain, { rule });
    res.status(201).json(saved);
  });

  router.delete('/api/admin/waitlist/domain-rules/:domain', admin, async (req, res) => {
    const { domain } = parse(domainRuleParams, req.params);
    await service.deleteDomainRule(domain);
    await audit(req, 'domain_rule.delete', domain, {});
    res.status(204).end();
  });

  return router;
}
