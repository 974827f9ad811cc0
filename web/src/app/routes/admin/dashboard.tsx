export { DashboardPage as Component } from '../../../features/admin/components/dashboard-page.js';
export { AdminRouteError as ErrorBoundary } from '../../../features/admin/components/admin-route-error.js';
