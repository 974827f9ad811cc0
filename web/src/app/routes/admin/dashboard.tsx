import { paths } from '../../../config/paths.js';
import { DashboardPage } from '../../../features/analytics/components/dashboard-page.js';
import { useReviewCount } from '../../../features/abuse/api/get-review-count.js';
import { CityOpeningBanners } from '../../../features/places/components/city-opening-banners.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/**
 * The dashboard's figures (analytics) beside the review queue's count (review) and the cities awaiting their opening
 * (places), composed here.
 */
export function Component() {
  const review = useReviewCount();
  const { can } = useStaffSession();
  return (
    <DashboardPage
      reviewCount={review.data?.total}
      reviewPath={can('admin') ? paths.admin.review : undefined}
      banners={<CityOpeningBanners canOpen={can('admin')} />}
    />
  );
}
