import { Router, type RequestHandler } from 'express';
import { AppError } from '@mmdm/shared/errors';
import { RevocationUnavailableError } from '@mmdm/shared/tokens';
import { auditContextOf } from '../../core/staff-guard.js';
import { publicAccount } from '../../core/staff-view.js';
import { createStaffBody, patchStaffBody, staffIdParam } from '@mmdm/contracts/auth';
import type { StaffService } from './staff.service.js';

export function staffRoutes(service: StaffService, guard: (required?: 'admin' | 'viewer') => RequestHandler[]): Router {
  const router = Router();
  router.use('/staff', ...guard('admin'));

  router.get('/staff', async (_req, res, next) => {
    try {
      res.json({ items: (await service.list()).map(publicAccount) });
    } catch (error) {
      next(error);
    }
  });

  router.post('/staff', async (req, res, next) => {
    try {
      const account = await service.create(createStaffBody.parse(req.body), auditContextOf(req));
      res.status(201).json(publicAccount(account));
    } catch (error) {
      next(error);
    }
  });

  router.patch('/staff/:id', async (req, res, next) => {
    try {
      const id = staffIdParam.safeParse(req.params.id);
      if (!id.success) throw new AppError(404, 'staff_not_found', 'No staff account with this id.');
      const account = await service.update(id.data, patchStaffBody.parse(req.body), auditContextOf(req));
      res.json(publicAccount(account));
    } catch (error) {
      next(
        error instanceof RevocationUnavailableError
          ? new AppError(503, 'unavailable', 'Staff changes are unavailable right now. Please try again in a minute.')
          : error,
      );
    }
  });

  return router;
}
