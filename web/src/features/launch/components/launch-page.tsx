import { useId, useState, type FormEvent } from 'react';
import { WAVE_MAX } from '@mmdm/contracts/launch-admin';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog.js';
import { DataTable } from '../../../components/admin/data-table.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { SelectField } from '../../../components/admin/select-field.js';
import { formatNumber } from '../../../lib/format.js';
import { DateTime } from '../../../components/admin/date-time.js';
import { TableEmail } from '../../../components/admin/table-email.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useStaffCities } from '../api/get-cities.js';
import { useLaunchStats } from '../api/get-launch-stats.js';
import { useWavePreview, type WaveRequest } from '../api/get-wave-preview.js';
import { useWaves } from '../api/get-waves.js';
import { useInviteWave } from '../api/invite-wave.js';

function people(count: number): string {
  return count === 1 ? '1 person' : `${formatNumber(count)} people`;
}

/** "Invite the next N", optionally in one city: a live preview of how many match, then a dialog before sending. */
function InviteWaveForm() {
  const countId = useId();
  const cities = useStaffCities();
  const [countText, setCountText] = useState('100');
  const [city, setCity] = useState('');
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string>();
  const invite = useInviteWave();

  const count = Number(countText);
  const valid = Number.isInteger(count) && count >= 1 && count <= WAVE_MAX;
  const request: WaveRequest = city ? { count, city: Number(city) } : { count };
  const preview = useWavePreview(request, valid);
  const where = city ? (cities.data?.items.find((item) => String(item.id) === city)?.name ?? 'this city') : null;
  const matching = preview.data?.matching ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    invite.reset();
    if (valid && matching > 0) setAsking(true);
  };

  const send = () =>
    invite.mutate(request, {
      onSuccess: ({ invited }) => {
        setAsking(false);
        setNotice(
          `Invited ${people(invited)}${where ? ` in ${where}` : ''}. Their invitation e-mails are on their way.`,
        );
      },
    });

  return (
    <section className="adm-card" aria-labelledby={`${countId}-title`}>
      <h2 id={`${countId}-title`} className="adm-section-title">
        Invite a wave
      </h2>
      <p className="adm-muted">The best places in line are invited first; each gets one invitation e-mail.</p>
      <form className="adm-toolbar" onSubmit={submit}>
        <div className="adm-field adm-field--inline">
          <label className="adm-field__label" htmlFor={countId}>
            How many
          </label>
          <input
            id={countId}
            className="adm-input"
            type="number"
            inputMode="numeric"
            min={1}
            max={WAVE_MAX}
            value={countText}
            onChange={(event) => setCountText(event.target.value)}
            aria-invalid={!valid}
          />
        </div>
        <SelectField
          label="City"
          fieldClassName="adm-field--inline"
          value={city}
          onChange={(event) => setCity(event.target.value)}
        >
          <option value="">All cities</option>
          {cities.data?.items.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.name}
            </option>
          ))}
        </SelectField>
        <button
          type="submit"
          className="adm-button adm-button--primary"
          disabled={!valid || !preview.data || matching === 0}
        >
          Invite…
        </button>
      </form>
      <p className="adm-notice" role="status">
        {!valid
          ? `Choose a number from 1 to ${formatNumber(WAVE_MAX)}.`
          : preview.isError
            ? `Could not count the matches: ${errorMessage(preview.error)}`
            : preview.data
              ? `${people(preview.data.matching)} would be invited now (${formatNumber(preview.data.holders)} in line${where ? ` in ${where}` : ''}).`
              : 'Counting…'}
      </p>
      {notice && (
        <p className="adm-alert adm-alert--success" role="status">
          {notice}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={`Invite ${people(matching)}?`}
          confirmLabel="Send invitations"
          busyLabel="Inviting..."
          busy={invite.isPending}
          error={invite.isError ? errorMessage(invite.error) : undefined}
          onConfirm={send}
          onCancel={() => setAsking(false)}
        >
          <p>
            The next {people(matching)} in line{where ? ` in ${where}` : ''} will be invited and e-mailed. This cannot
            be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function WavesTable() {
  const waves = useWaves();
  return (
    <section className="adm-card" aria-label="Waves">
      <h2 className="adm-section-title">Waves</h2>
      <QueryState query={waves} label="the waves" />
      {waves.data && (
        <DataTable
          label="Waves"
          columns={['Sent', 'By', 'City', 'Invited', 'Admitted so far']}
          rows={waves.data.items}
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
        </DataTable>
      )}
    </section>
  );
}

function LaunchFigures() {
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

/** The launch screen: invite waves (admins), the waves sent, per-city counts and the top referrers. */
export function LaunchPage({ canInvite }: { canInvite: boolean }) {
  return (
    <div className="adm-page">
      <h1 className="adm-page__title">Launch</h1>
      {canInvite && <InviteWaveForm />}
      <WavesTable />
      <LaunchFigures />
    </div>
  );
}
