import { YourDataPanel } from '../../features/privacy/components/your-data-panel.js';
import { QueryProvider } from '../provider.js';

export function YourDataRoute() {
  return (
    <section className="container narrow status-page">
      <QueryProvider>
        <YourDataPanel />
      </QueryProvider>
    </section>
  );
}
