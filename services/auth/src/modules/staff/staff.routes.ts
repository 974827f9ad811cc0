import { staffIdParam } from '@mmdm/contracts/auth';
import { AppError } from '@mmdm/shared/errors';
import { Router } from 'express';
import { auditContextOf, type StaffGuard } from './staff.guard.js';
import { publicAccount, type StaffService } from './staff.service.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-auth';
import { STAFF_API_PREFIX } from '@mmdm/contracts/calls/define-call';

export function staffRoutes(service: StaffService, guard: StaffGuard): Router {
  const router = Router();
  const route = declaredRoutes(router, STAFF_API_PREFIX);
  router.use('/staff', ...guard('admin'));

  route(calls.listStaff, async (_req, res) => {
    res.json({ items: (await service.list()).map(publicAccount) });
  });

  route(calls.createStaff, async (req, res) => {
    const account = await service.create(calls.createStaff.body.parse(req.body), auditContextOf(req));
    res.status(201).json(publicAccount(account));
  });

  route(calls.updateStaff, async (req, res) => {
    const id = staffIdParam.safeParse(req.params.id);
    if (!id.success) throw new AppError(404, 'staff_not_found', 'No staff account with this id.');
    const account = await service.update(id.data, calls.updateStaff.body.parse(req.body), auditContextOf(req));
    res.json(publicAccount(account));
  });

  return router;
}
