import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../../app/paths.js';
import { useStaffSession } from '../lib/use-staff-session.js';

/** Sub-pages of Settings; the staff list and the audit log are admin-only (their routes are guarded too). */
export const settingsPaths = {
  account: paths.admin.settings,
  staff: `${paths.admin.settings}/staff`,
  audit: `${paths.admin.settings}/audit`,
} as const;

export function SettingsPage() {
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
            <NavLink to={settingsPaths.audit} className="adm-tabs__link">
              Audit log
            </NavLink>
          </>
        )}
      </nav>
      <Outlet />
    </div>
  );
}
