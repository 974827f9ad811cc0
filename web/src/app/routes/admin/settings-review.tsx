import { ReviewSettings } from '../../../features/abuse/components/review-settings.js';
import { AdminGuard } from '../../../features/session/components/admin-guard.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

export function Component() {
  return (
    <AdminGuard role="admin">
      <ReviewSettings />
    </AdminGuard>
  );
}
