import { MailSettings } from '../../../features/mail/components/mail-settings.js';
import { AdminGuard } from '../../../features/session/components/admin-guard.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

export function Component() {
  return (
    <AdminGuard role="admin">
      <MailSettings />
    </AdminGuard>
  );
}
