import { noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { pipeline } from 'node:stream/promises';
import { requestLogger } from '../../lib/request-context.js';
import { decodeListQuery } from './entries.schema.js';
import type { EntriesService } from './entries.service.js';
import { staffActorOf } from '../audit/audit.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-waitlist';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface EntriesRoutesDeps {
  service: EntriesService;
  verifier: StaffTokenVerifier;
}

/** The staff's Users list under /api/admin/waitlist: viewers read, admins export, resend and erase. */
export function entriesRoutes({ service, verifier }: EntriesRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.listEntries, async (req, res) => {
    const query = decodeListQuery(validated(calls.listEntries, res).query);
    res.json(await service.listEntries(query, staffActorOf(req)));
  });

  route(calls.exportEntries, async (req, res) => {
    const csv = await service.exportEntries(validated(calls.exportEntries, res).query, staffActorOf(req));
    const stamp = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="waitlist-${stamp}.csv"`);
    // pipeline: a client that hangs up stops the cursor; a database error mid-way cuts the download short.
    await pipeline(csv, res).catch((error: unknown) => {
      requestLogger(req).warn({ err: error }, 'waitlist export ended early');
      res.destroy();
    });
  });

  route(calls.resendEntryConfirmation, async (req, res) => {
    const { id } = validated(calls.resendEntryConfirmation, res).params;
    await service.resend(id, staffActorOf(req));
    res.status(202).json({ success: true, message: 'A new confirmation e-mail is queued.' });
  });

  route(calls.eraseEntry, async (req, res) => {
    const { id } = validated(calls.eraseEntry, res).params;
    await service.erase(id, staffActorOf(req));
    res.status(204).end();
  });

  return router;
}
