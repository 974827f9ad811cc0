export { AnalyticsPage as Component } from '../../../features/admin/components/analytics-page.js';
export { AdminRouteError as ErrorBoundary } from '../../../features/admin/components/admin-route-error.js';
