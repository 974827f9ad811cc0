import { DateTime } from '../../../components/admin/date-time.js';
import { QueryTable } from '../../../components/admin/query-table.js';
import { TableEmail } from '../../../components/admin/table-email.js';
import { formatNumber } from '../../../lib/format.js';
import { useWaves } from '../api/get-waves.js';

/** The waves sent so far, newest first, with how many of each have been admitted. */
export function WavesTable() {
  const waves = useWaves();
  return (
    <section className="adm-card" aria-label="Waves">
      <h2 className="adm-section-title">Waves</h2>
      <QueryTable
        query={waves}
        what="the waves"
        rowsOf={(data) => data.items}
        label="Waves"
        columns={['Sent', 'By', 'City', 'Invited', 'Admitted so far']}
        empty="No wave has been sent yet."
      >
        {(wave) => (
          <tr key={wave.id}>
            <td>
              <DateTime iso={wave.createdAt} />
            </td>
            <td>{wave.createdByEmail ? <TableEmail address={wave.createdByEmail} /> : 'a staff account'}</td>
            <td>{wave.city?.name ?? 'All cities'}</td>
            <td>
              {formatNumber(wave.invited)}
              {wave.invited < wave.requested && (
                <span className="adm-muted"> of {formatNumber(wave.requested)} asked</span>
              )}
            </td>
            <td>{formatNumber(wave.admitted)}</td>
          </tr>
        )}
      </QueryTable>
    </section>
  );
}
