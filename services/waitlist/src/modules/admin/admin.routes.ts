import { noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router, type Request } from 'express';
import { pipeline } from 'node:stream/promises';
import { requestId } from '@mmdm/shared/request-id';
import { requestLogger } from '../../lib/request-context.js';
import { analyticsQuery, auditQuery, entryIdParams, exportEntriesQuery, listEntriesQuery } from './admin.schema.js';
import type { Actor, AdminService } from './admin.service.js';
import { auditRepeatedStaffRead, auditStaffRead, entriesReadOf, listFilterOf } from './staff-read-audit.js';
import type { Queryable } from '../../lib/db.js';

export interface AdminRoutesDeps {
  service: AdminService;
  verifier: StaffTokenVerifier;
  /** Where staff reads are audited (the audit log). */
  pool: Queryable;
}

function actorOf(req: Request): Actor {
  // requireStaff has run: req.staff is set.
  return { staff: req.staff!, ip: req.ip ?? null, requestId: requestId(req) };
}

/** Staff data under /api/admin/waitlist: viewers read, admins change and export. */
export function adminRoutes({ service, verifier, pool }: AdminRoutesDeps): Router {
  const router = Router();
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  router.use('/api/admin/waitlist', noStore);

  router.get('/api/admin/waitlist/entries', viewer, async (req, res) => {
    const query = listEntriesQuery.parse(req.query);
    const [page] = await Promise.all([
      service.listEntries(query),
      auditStaffRead(pool, req, query.q ? 'entries.search' : 'entries.list', listFilterOf(query)),
    ]);
    res.json(page);
  });

  router.get('/api/admin/waitlist/entries.csv', admin, async (req, res) => {
    const query = exportEntriesQuery.parse(req.query);
    const csv = await service.exportEntries(query, actorOf(req));
    const stamp = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="waitlist-${stamp}.csv"`);
    // pipeline: a client that hangs up stops the cursor; a database error mid-way cuts the download short.
    await pipeline(csv, res).catch((error: unknown) => {
      requestLogger(req).warn({ err: error }, 'waitlist export ended early');
      res.destroy();
    });
  });

  router.post('/api/admin/waitlist/entries/:id/resend', admin, async (req, res) => {
    const { id } = entryIdParams.parse(req.params);
    await service.resend(id, actorOf(req));
    res.status(202).json({ success: true, message: 'A new confirmation e-mail is queued.' });
  });

  router.delete('/api/admin/waitlist/entries/:id', admin, async (req, res) => {
    const { id } = entryIdParams.parse(req.params);
    await service.erase(id, actorOf(req));
    res.status(204).end();
  });

  router.get('/api/admin/waitlist/stats', viewer, async (req, res) => {
    const { stats, entriesShown } = await service.stats();
    // The recent activity shows addresses: the read is audited with the entries it showed, before it is answered;
    // the dashboard's refresh every 10 s showing the same entries adds a row at most every ten minutes.
    await auditRepeatedStaffRead(pool, req, 'stats.read', entriesReadOf(entriesShown));
    res.json(stats);
  });

  router.get('/api/admin/waitlist/analytics', viewer, async (req, res) => {
    const { from, to } = analyticsQuery.parse(req.query);
    res.json(await service.analytics(from, to));
  });

  router.get('/api/admin/waitlist/audit', admin, async (req, res) => {
    const { cursor, limit, kind } = auditQuery.parse(req.query);
    res.json(await service.audit(cursor, limit, kind));
  });

  return router;
}
