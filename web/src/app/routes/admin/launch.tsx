import { LaunchPage } from '../../../features/launch/components/launch-page.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** Every staff member sees the waves and figures; only admins invite. */
export function Component() {
  const { can } = useStaffSession();
  return <LaunchPage canInvite={can('admin')} />;
}
