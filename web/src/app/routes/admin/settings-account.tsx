import { AccountSettings } from '../../../features/staff/components/account-settings.js';
import { SecuritySettings } from '../../../features/security/components/security-settings.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** My account: the account and its password (staff feature), then its second factors (security feature). */
export function Component() {
  return (
    <>
      <AccountSettings />
      <div className="adm-settings">
        <SecuritySettings />
      </div>
    </>
  );
}
