export { AccountSettings as Component } from '../../../features/staff/components/account-settings.js';
export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';
