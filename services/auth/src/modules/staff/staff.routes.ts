import { createStaffBody, patchStaffBody, staffIdParam } from '@mmdm/contracts/auth';
import { AppError } from '@mmdm/shared/errors';
import { RevocationUnavailableError } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { auditContextOf, type StaffGuard } from './staff.guard.js';
import { publicAccount, type StaffService } from './staff.service.js';

export function staffRoutes(service: StaffService, guard: StaffGuard): Router {
  const router = Router();
  router.use('/staff', ...guard('admin'));

  router.get('/staff', async (_req, res) => {
    res.json({ items: (await service.list()).map(publicAccount) });
  });

  router.post('/staff', async (req, res) => {
    const account = await service.create(createStaffBody.parse(req.body), auditContextOf(req));
    res.status(201).json(publicAccount(account));
  });

  router.patch('/staff/:id', async (req, res) => {
    const id = staffIdParam.safeParse(req.params.id);
    if (!id.success) throw new AppError(404, 'staff_not_found', 'No staff account with this id.');
    const account = await service
      .update(id.data, patchStaffBody.parse(req.body), auditContextOf(req))
      .catch((error: unknown) => {
        throw error instanceof RevocationUnavailableError
          ? new AppError(503, 'unavailable', 'Staff changes are unavailable right now. Please try again in a minute.')
          : error;
      });
    res.json(publicAccount(account));
  });

  return router;
}
