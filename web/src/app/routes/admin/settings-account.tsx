import { lazy, Suspense } from 'react';
import { AdminLoading } from '../../../components/admin/admin-loading.js';
import { AccountSettings } from '../../../features/staff/components/account-settings.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** Loaded after the account itself: the account and its password show without waiting for the security code. */
const SecuritySettings = lazy(async () => ({
  default: (await import('../../../features/mfa/components/security-settings.js')).SecuritySettings,
}));

/** My account: the account and its password (staff feature), then its second factors (security feature). */
export function Component() {
  return (
    <>
      <AccountSettings />
      <div className="adm-settings">
        <Suspense fallback={<AdminLoading />}>
          <SecuritySettings />
        </Suspense>
      </div>
    </>
  );
}
