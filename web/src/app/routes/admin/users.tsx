export { UsersPage as Component } from '../../../features/admin/components/users-page.js';
export { AdminRouteError as ErrorBoundary } from '../../../features/admin/components/admin-route-error.js';
