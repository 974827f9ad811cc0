import { InvitationPanel } from '../../features/waitlist/components/invitation-panel.js';
import { QueryProvider } from '../provider.js';

export function InvitationRoute() {
  return (
    <section className="container narrow status-page">
      <QueryProvider>
        <InvitationPanel />
      </QueryProvider>
    </section>
  );
}
