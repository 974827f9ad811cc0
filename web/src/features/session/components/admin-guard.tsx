import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { useVerifyStaffToken } from '../api/verify.js';
import { roleSatisfies, type StaffRole } from '../../../lib/staff-roles.js';
import { useStaffToken } from '../lib/use-staff-session.js';
import { Spinner } from '../../../components/admin/spinner.js';

interface AdminGuardProps {
  /** The least role that may see the children ("admin" unless said otherwise). */
  role?: StaffRole;
  children: ReactNode;
}

/**
 * Shows its children only to signed-in staff with the required role: a spinner while the token is verified, the
 * login page without a valid token, and the dashboard for a role that does not reach this far.
 */
export function AdminGuard({ role = 'admin', children }: AdminGuardProps) {
  const token = useStaffToken();
  const verification = useVerifyStaffToken(token);

  if (token === null) return <Navigate to={paths.admin.login} replace />;
  if (verification.isPending) return <Spinner label="Checking your session..." />;
  if (!verification.data?.valid) return <Navigate to={paths.admin.login} replace />;
  if (!roleSatisfies(verification.data.role, role)) return <Navigate to={paths.admin.root} replace />;
  return <>{children}</>;
}
