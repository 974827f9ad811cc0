import { NavLink, Outlet } from 'react-router-dom';
import { AdminRouteError } from '../../../components/admin/admin-route-error.js';
import { paths } from '../../../config/paths.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';

export { AdminRouteError as ErrorBoundary };

/**
 * Sub-pages of Settings: the signed-in member's account (staff feature), the staff list (staff), the cities people
 * choose from (launch), the review queue and e-mail domain lists (review), the audit log (audit) and the mail previews
 * (mail) and the app's webhook endpoints (webhooks). Composed here because it spans features; all but the first are admin-only (their routes are guarded too).
 */
const settingsPaths = {
  account: paths.admin.settings,
  staff: `${paths.admin.settings}/staff`,
  cities: `${paths.admin.settings}/cities`,
  review: paths.admin.review,
  audit: `${paths.admin.settings}/audit`,
  mail: `${paths.admin.settings}/mail`,
  webhooks: `${paths.admin.settings}/webhooks`,
} as const;

export function Component() {
  const { can } = useStaffSession();
  return (
    <div className="adm-page">
      <h1 className="adm-page__title">Settings</h1>
      <nav aria-label="Settings" className="adm-tabs">
        <NavLink to={settingsPaths.account} end className="adm-tabs__link">
          My account
        </NavLink>
        {can('admin') && (
          <>
            <NavLink to={settingsPaths.staff} className="adm-tabs__link">
              Staff
            </NavLink>
            <NavLink to={settingsPaths.cities} className="adm-tabs__link">
              Cities
            </NavLink>
            <NavLink to={settingsPaths.review} className="adm-tabs__link">
              Review
            </NavLink>
            <NavLink to={settingsPaths.audit} className="adm-tabs__link">
              Audit log
            </NavLink>
            <NavLink to={settingsPaths.mail} className="adm-tabs__link">
              Mail
            </NavLink>
            <NavLink to={settingsPaths.webhooks} className="adm-tabs__link">
              Webhooks
            </NavLink>
          </>
        )}
      </nav>
      <Outlet />
    </div>
  );
}
