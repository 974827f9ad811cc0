export { LoginPage as Component } from '../../../features/admin/components/login-page.js';
export { AdminRouteError as ErrorBoundary } from '../../../features/admin/components/admin-route-error.js';
