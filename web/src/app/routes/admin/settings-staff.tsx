import { AdminGuard } from '../../../features/admin/components/admin-guard.js';
import { StaffSettings } from '../../../features/admin/components/staff-settings.js';

export { AdminRouteError as ErrorBoundary } from '../../../features/admin/components/admin-route-error.js';

export function Component() {
  return (
    <AdminGuard role="admin">
      <StaffSettings />
    </AdminGuard>
  );
}
