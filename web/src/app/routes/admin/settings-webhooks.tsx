import { AdminGuard } from '../../../features/session/components/admin-guard.js';
import { WebhooksSettings } from '../../../features/webhooks/components/webhooks-settings.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** Admins only, as the service's calls: an endpoint's URL and log say where people's data goes. */
export function Component() {
  return (
    <AdminGuard role="admin">
      <WebhooksSettings />
    </AdminGuard>
  );
}
