import type { Request, RequestHandler } from 'express';
import { AppError } from '@mmdm/shared/errors';
import { requestId } from '@mmdm/shared/request-id';
import { requireStaff, type StaffRole, type StaffTokenVerifier } from '@mmdm/shared/tokens';

// The feature's routes read the caller's claims as every service does.
export { currentClaims } from '@mmdm/shared/tokens';
import type { AuditContext } from '../audit/audit.service.js';
import type { StaffAccount, StaffService } from './staff.service.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in staff member's account as stored now (set by the staff guard). */
    staffAccount?: StaffAccount;
  }
}

/** The middleware a staff route puts before its handler: a valid token of at least this role, for an active account. */
export type StaffGuard = (required?: StaffRole) => RequestHandler[];

/**
 * The shared token check (signature, claims, revocation, role), then the account itself: a disabled or deleted
 * account, or one whose role changed since the token was issued, is refused even if revocation was missed.
 */
export function createStaffGuard(verify: StaffTokenVerifier, staff: Pick<StaffService, 'findById'>): StaffGuard {
  const activeAccount: RequestHandler = async (req, _res, next) => {
    const claims = req.staff;
    const account = claims ? await staff.findById(claims.sub) : undefined;
    if (!claims || !account || account.disabled || account.role !== claims.role) {
      throw new AppError(401, 'unauthorized', 'Sign in to continue.');
    }
    req.staffAccount = account;
    next();
  };
  return (required: StaffRole = 'viewer'): RequestHandler[] => [requireStaff(verify, required), activeAccount];
}

/** The signed-in account; only callable behind the staff guard. */
export function currentAccount(req: Request): StaffAccount {
  if (!req.staffAccount) throw new Error('route is missing the staff guard');
  return req.staffAccount;
}

/** Who and from where, for the audit log. */
export function auditContextOf(req: Request): AuditContext {
  return {
    actorSub: req.staffAccount?.id,
    actorEmail: req.staffAccount?.email,
    ip: req.ip,
    requestId: requestId(req),
  };
}
