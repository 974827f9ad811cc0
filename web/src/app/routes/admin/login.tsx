import { lazy, Suspense } from 'react';
import { AdminLoading } from '../../../components/admin/admin-loading.js';
import { LoginPage } from '../../../features/session/components/login-page.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** Needed only when a second factor is required and the account has none: loaded then, not with the login page. */
const EnrolmentStep = lazy(async () => ({
  default: (await import('../../../features/mfa/components/enrolment-step.js')).EnrolmentStep,
}));

/** The login page, with the security feature's enrolment as the step after the password when one is required. */
export function Component() {
  return (
    <LoginPage
      enrolment={(props) => (
        <Suspense fallback={<AdminLoading />}>
          <EnrolmentStep {...props} />
        </Suspense>
      )}
    />
  );
}
