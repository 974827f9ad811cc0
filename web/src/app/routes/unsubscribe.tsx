import { UnsubscribePanel } from '../../features/waitlist/components/unsubscribe-panel.js';
import { QueryProvider } from '../provider.js';

export function UnsubscribeRoute() {
  return (
    <section className="container narrow status-page">
      <QueryProvider>
        <UnsubscribePanel />
      </QueryProvider>
    </section>
  );
}
