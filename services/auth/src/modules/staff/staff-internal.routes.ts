import { Router } from 'express';
import type { StaffService } from './staff.service.js';

/** Where the waitlist's worker asks for the admins' addresses when it mails an admin alert. */
export const ADMIN_ADDRESSES_PATH = '/internal/staff/admin-addresses';

/**
 * The enabled admins' addresses, for the waitlist service's admin alerts (it has no rights on the auth schema). On
 * the service's own port only, as the revocation refill: the gateway forwards /api/admin/* alone. A request that
 * went through a proxy (it carries X-Forwarded-For) is answered 404: the addresses are for the services beside this
 * one, never for a browser.
 */
export function staffInternalRoutes(staff: Pick<StaffService, 'adminAddresses'>): Router {
  const router = Router();
  router.get(ADMIN_ADDRESSES_PATH, async (req, res) => {
    if (req.headers['x-forwarded-for'] !== undefined) {
      res.status(404).json({ success: false, code: 'not_found', message: 'Not found.' });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json({ addresses: await staff.adminAddresses() });
  });
  return router;
}
