import { UsersPage } from '../../../features/entries/components/users-page.js';
import { useStaffCities } from '../../../features/places/api/get-cities.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** The Users list (entries feature) with the staff-kept cities (launch feature) for its city filter and column. */
export function Component() {
  const { can } = useStaffSession();
  const cities = useStaffCities();
  return <UsersPage canManage={can('admin')} cities={cities.data?.items ?? []} />;
}
