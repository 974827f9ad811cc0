export { AnalyticsPage as Component } from '../../../features/analytics/components/analytics-page.js';
export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';
