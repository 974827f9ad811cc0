import { UsersPage } from '../../../features/entries/components/users-page.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

export function Component() {
  const { can } = useStaffSession();
  return <UsersPage canManage={can('admin')} />;
}
