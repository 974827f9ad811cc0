import { AdminGuard } from '../../../features/admin/components/admin-guard.js';
import { AdminLayout } from '../../../features/admin/components/admin-layout.js';

export { AdminRouteError as ErrorBoundary } from '../../../features/admin/components/admin-route-error.js';

/** Any staff role may enter the panel; a stricter guard here would bounce viewers to /admin forever. */
export function Component() {
  return (
    <AdminGuard role="viewer">
      <AdminLayout />
    </AdminGuard>
  );
}
