import { AdminGuard } from '../../../features/session/components/admin-guard.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';
import { StaffSettings } from '../../../features/staff/components/staff-settings.js';
import { lazy, Suspense } from 'react';
import { AdminLoading } from '../../../components/admin/admin-loading.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** Loaded after the staff list: the list shows without waiting for the security code. */
const StaffSecondFactors = lazy(async () => ({
  default: (await import('../../../features/mfa/components/staff-second-factors.js')).StaffSecondFactors,
}));

function StaffList() {
  const { session } = useStaffSession();
  return (
    <>
      <StaffSettings selfId={session?.sub} />
      <div className="adm-settings">
        <Suspense fallback={<AdminLoading />}>
          <StaffSecondFactors selfId={session?.sub} />
        </Suspense>
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
