import { AdminGuard } from '../../../features/session/components/admin-guard.js';
import { AuditLog } from '../../../features/audit/components/audit-log.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

export function Component() {
  return (
    <AdminGuard role="admin">
      <AuditLog />
    </AdminGuard>
  );
}
