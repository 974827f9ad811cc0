import { useParams } from 'react-router-dom';
import { MessagePage } from '../../../features/contact/components/message-page.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';
import { Component as NotFound } from './not-found.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** One message: every staff member reads it; only admins mark it handled or erase it. */
export function Component() {
  const { id = '' } = useParams();
  const { can } = useStaffSession();
  if (!/^\d{1,18}$/.test(id)) return <NotFound />;
  // Keyed by the id: another message starts with its own state (no notice or dialog carried over).
  return <MessagePage key={id} id={id} canManage={can('admin')} />;
}
