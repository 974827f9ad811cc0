import { useNavigate } from 'react-router-dom';
import { AdminLayout } from '../../../components/admin/admin-layout.js';
import { paths } from '../../../config/paths.js';
import { useLogout } from '../../../features/session/api/logout.js';
import { AdminGuard } from '../../../features/session/components/admin-guard.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';
import { useReviewCount } from '../../../features/abuse/api/get-review-count.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** The signed-in frame: the session (who, sign-out) around the panel's shell. */
function SignedInLayout() {
  const navigate = useNavigate();
  const logout = useLogout();
  const { session, can } = useStaffSession();
  const review = useReviewCount();
  const signOut = () => {
    // Settled either way: the token is gone locally even when the server could not be told: signing out always signs this browser out.
    logout.mutate(undefined, { onSettled: () => navigate(paths.admin.login, { replace: true }) });
  };
  return (
    <AdminLayout
      account={session}
      onSignOut={signOut}
      signingOut={logout.isPending}
      showReview={can('admin')}
      reviewCount={review.data?.total}
    />
  );
}

/** Any staff role may enter the panel; a stricter guard here would bounce viewers to /admin forever. */
export function Component() {
  return (
    <AdminGuard role="viewer">
      <SignedInLayout />
    </AdminGuard>
  );
}
