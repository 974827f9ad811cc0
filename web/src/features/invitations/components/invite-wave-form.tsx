import { useId, useState, type FormEvent } from 'react';
import { WAVE_MAX } from '@mmdm/contracts/launch-admin';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog.js';
import { SelectField } from '../../../components/admin/select-field.js';
import { formatNumber } from '../../../lib/format.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useWavePreview, type WaveRequest } from '../api/get-wave-preview.js';
import { useInviteWave } from '../api/invite-wave.js';
import { mixSentence, NO_MIX, targetOf, WaveBalanceFields } from './wave-balance-fields.js';

/** A city the wave may be limited to: the staff-kept cities, handed in by the screen that composes this form. */
export interface WaveCity {
  id: number;
  name: string;
}

function people(count: number): string {
  return count === 1 ? '1 person' : `${formatNumber(count)} people`;
}
/** "Invite the next N", optionally in one city: a live preview of how many match, then a dialog before sending. */
export function InviteWaveForm({ cities }: { cities: readonly WaveCity[] | undefined }) {
  const countId = useId();
  const [countText, setCountText] = useState('100');
  const [city, setCity] = useState('');
  const [mix, setMix] = useState(NO_MIX);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string>();
  const invite = useInviteWave();

  const count = Number(countText);
  const { target, problem } = targetOf(mix, count);
  const valid = Number.isInteger(count) && count >= 1 && count <= WAVE_MAX && !problem;
  const request: WaveRequest = {
    count,
    ...(city ? { city: Number(city) } : {}),
    ...(target ? { balance: target } : {}),
  };
  const preview = useWavePreview(request, valid);
  const where = city ? (cities?.find((item) => String(item.id) === city)?.name ?? 'this city') : null;
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
          {cities?.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.name}
            </option>
          ))}
        </SelectField>
        <WaveBalanceFields draft={mix} onChange={setMix} />
        <button
          type="submit"
          className="adm-button adm-button--primary"
          disabled={!valid || !preview.data || matching === 0}
        >
          Invite…
        </button>
      </form>
      <p className="adm-notice" role="status">
        {problem
          ? problem
          : !valid
            ? `Choose a number from 1 to ${formatNumber(WAVE_MAX)}.`
            : preview.isError
              ? `Could not count the matches: ${errorMessage(preview.error)}`
              : preview.data
                ? `${people(preview.data.matching)} would be invited now (${formatNumber(preview.data.holders)} in line${where ? ` in ${where}` : ''}).` +
                  (preview.data.mix ? ` Mix: ${mixSentence(preview.data.mix)}.` : '')
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
          {preview.data?.mix && <p>Balanced: {mixSentence(preview.data.mix)}.</p>}
        </ConfirmDialog>
      )}
    </section>
  );
}
