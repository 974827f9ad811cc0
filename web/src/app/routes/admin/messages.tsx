import { MessagesPage } from '../../../features/contact/components/messages-page.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** Every staff member reads the messages (the service audits each read). */
export function Component() {
  return <MessagesPage />;
}
