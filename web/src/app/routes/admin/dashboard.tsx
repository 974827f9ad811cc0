export { DashboardPage as Component } from '../../../features/analytics/components/dashboard-page.js';
export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';
