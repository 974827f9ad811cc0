import { AdminGuard } from '../../../features/session/components/admin-guard.js';
import { AuditLog } from '../../../features/audit/components/audit-log.js';
import { useStaff } from '../../../features/staff/api/get-staff.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** The audit log names staff by address: the staff list (also admin-only) resolves rows that carry only an id. */
function AuditWithStaff() {
  const staff = useStaff();
  const emails = new Map((staff.data ?? []).map((account) => [account.id, account.email]));
  return <AuditLog staffEmail={(id) => emails.get(id)} />;
}

export function Component() {
  return (
    <AdminGuard role="admin">
      <AuditWithStaff />
    </AdminGuard>
  );
}
