import { InviteWaveForm } from '../../../features/invitations/components/invite-wave-form.js';
import { TicketsCard } from '../../../features/invitations/components/tickets-card.js';
import { WavesTable } from '../../../features/invitations/components/waves-table.js';
import { useStaffCities } from '../../../features/places/api/get-cities.js';
import { LaunchFigures } from '../../../features/places/components/launch-figures.js';
import { useStaffSession } from '../../../features/session/lib/use-staff-session.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

/** The form with the cities to choose from; read only where the form is shown (admins). */
function InviteWaveFormWithCities() {
  const cities = useStaffCities();
  return <InviteWaveForm cities={cities.data?.items} />;
}

/**
 * The launch screen, made of two features: invitations (invite a wave, admins only; the waves sent) and places (the
 * cities a wave may be limited to; per-city counts and the top referrers). Every staff member sees the waves and
 * figures and the tickets for friends; only admins invite and revoke a ticket.
 */
export function Component() {
  const { can } = useStaffSession();
  return (
    <div className="adm-page">
      <h1 className="adm-page__title">Launch</h1>
      {can('admin') && <InviteWaveFormWithCities />}
      <WavesTable />
      <LaunchFigures />
      <TicketsCard canRevoke={can('admin')} />
    </div>
  );
}
