import { noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { pipeline } from 'node:stream/promises';
import { requestLogger } from '../../lib/request-context.js';
import { entryIdParams, exportEntriesQuery, listEntriesQuery } from './entries.schema.js';
import type { EntriesService } from './entries.service.js';
import { staffActorOf } from '../audit/audit.service.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface EntriesRoutesDeps {
  service: EntriesService;
  verifier: StaffTokenVerifier;
}

/** The staff's Users list under /api/admin/waitlist: viewers read, admins export, resend and erase. */
export function entriesRoutes({ service, verifier }: EntriesRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router);
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.listEntries, viewer, async (req, res) => {
    const query = listEntriesQuery.parse(req.query);
    res.json(await service.listEntries(query, staffActorOf(req)));
  });

  route(calls.exportEntries, admin, async (req, res) => {
    const query = exportEntriesQuery.parse(req.query);
    const csv = await service.exportEntries(query, staffActorOf(req));
    const stamp = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="waitlist-${stamp}.csv"`);
    // pipeline: a client that hangs up stops the cursor; a database error mid-way cuts the download short.
    await pipeline(csv, res).catch((error: unknown) => {
      requestLogger(req).warn({ err: error }, 'waitlist export ended early');
      res.destroy();
    });
  });

  route(calls.resendEntryConfirmation, admin, async (req, res) => {
    const { id } = entryIdParams.parse(req.params);
    await service.resend(id, staffActorOf(req));
    res.status(202).json({ success: true, message: 'A new confirmation e-mail is queued.' });
  });

  route(calls.eraseEntry, admin, async (req, res) => {
    const { id } = entryIdParams.parse(req.params);
    await service.erase(id, staffActorOf(req));
    res.status(204).end();
  });

  return router;
}
