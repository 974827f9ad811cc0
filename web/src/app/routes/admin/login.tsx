export { LoginPage as Component } from '../../../features/session/components/login-page.js';
export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';
