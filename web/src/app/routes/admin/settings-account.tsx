export { AccountSettings as Component } from '../../../features/admin/components/account-settings.js';
export { AdminRouteError as ErrorBoundary } from '../../../features/admin/components/admin-route-error.js';
