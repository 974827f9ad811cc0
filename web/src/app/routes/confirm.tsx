import { ConfirmPanel } from '../../features/waitlist/components/confirm-panel.js';
import { QueryProvider } from '../provider.js';

export function ConfirmRoute() {
  return (
    <section className="container narrow status-page">
      <QueryProvider>
        <ConfirmPanel />
      </QueryProvider>
    </section>
  );
}
