export { SettingsPage as Component } from '../../../features/admin/components/settings-page.js';
export { AdminRouteError as ErrorBoundary } from '../../../features/admin/components/admin-route-error.js';
