import { AdminGuard } from '../../../features/session/components/admin-guard.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';
import { StaffSettings } from '../../../features/staff/components/staff-settings.js';
import { StaffSecondFactors } from '../../../features/security/components/staff-second-factors.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

function StaffList() {
  const { session } = useStaffSession();
  return (
    <>
      <StaffSettings selfId={session?.sub} />
      <div className="adm-settings">
        <StaffSecondFactors selfId={session?.sub} />
      </div>
    </>
  );
}

export function Component() {
  return (
    <AdminGuard role="admin">
      <StaffList />
    </AdminGuard>
  );
}
