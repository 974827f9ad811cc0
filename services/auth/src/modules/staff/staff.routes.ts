import { Router } from 'express';
import { auditContextOf, type StaffGuard } from './staff.guard.js';
import { publicAccount, type StaffService } from './staff.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-auth';
import { STAFF_API_PREFIX } from '@mmdm/contracts/calls/define-call';

export function staffRoutes(service: StaffService, guard: StaffGuard): Router {
  const router = Router();
  const route = declaredRoutes(router, STAFF_API_PREFIX, { guard });

  route(calls.listStaff, async (_req, res) => {
    res.json({ items: (await service.list()).map(publicAccount) });
  });

  route(calls.createStaff, async (req, res) => {
    const account = await service.create(validated(calls.createStaff, res).body, auditContextOf(req));
    res.status(201).json(publicAccount(account));
  });

  route(calls.updateStaff, async (req, res) => {
    const { params, body } = validated(calls.updateStaff, res);
    const account = await service.update(params.id, body, auditContextOf(req));
    res.json(publicAccount(account));
  });

  return router;
}
