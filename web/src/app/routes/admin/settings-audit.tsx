import { AdminGuard } from '../../../features/admin/components/admin-guard.js';
import { AuditLog } from '../../../features/admin/components/audit-log.js';

export { AdminRouteError as ErrorBoundary } from '../../../features/admin/components/admin-route-error.js';

export function Component() {
  return (
    <AdminGuard role="admin">
      <AuditLog />
    </AdminGuard>
  );
}
