import { DataTable } from '../../../components/admin/data-table.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { TableEmail } from '../../../components/admin/table-email.js';
import { formatNumber } from '../../../lib/format.js';
import { useLaunchStats } from '../api/get-launch-stats.js';

/** The launch figures: people in line, invited and admitted per city, and the top referrers. */
export function LaunchFigures() {
  const stats = useLaunchStats();
  return (
    <>
      <QueryState query={stats} label="the launch figures" />
      {stats.data && (
        <>
          <section className="adm-card" aria-label="People by city">
            <h2 className="adm-section-title">People by city</h2>
            <p className="adm-muted">Each friend credited moves a person {stats.data.boost} places up.</p>
            <DataTable
              label="People by city"
              columns={['City', 'In line', 'Invited', 'Admitted']}
              rows={stats.data.cities}
            >
              {(row) => (
                <tr key={row.city ? `c${row.city.id}` : row.other ? 'other' : 'none'}>
                  <th scope="row">{row.city?.name ?? (row.other ? 'Other' : 'None chosen')}</th>
                  <td>{formatNumber(row.confirmed)}</td>
                  <td>{formatNumber(row.invited)}</td>
                  <td>{formatNumber(row.admitted)}</td>
                </tr>
              )}
            </DataTable>
          </section>
          <section className="adm-card" aria-label="Top referrers">
            <h2 className="adm-section-title">Top referrers</h2>
            <DataTable
              label="Top referrers"
              columns={['Email', 'Code', 'Friends credited']}
              rows={stats.data.topReferrers}
              empty="No friend has been credited yet."
            >
              {(referrer) => (
                <tr key={referrer.id}>
                  <th scope="row" className="adm-table__email">
                    <TableEmail address={referrer.email} />
                  </th>
                  <td>{referrer.referralCode ?? '—'}</td>
                  <td>{formatNumber(referrer.credits)}</td>
                </tr>
              )}
            </DataTable>
          </section>
        </>
      )}
    </>
  );
}
