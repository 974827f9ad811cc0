import { useId, useState, type FormEvent } from 'react';
import { OPENING_THRESHOLD_MAX, WAVE_MAX, type OpenMode, type StaffCity } from '@mmdm/contracts/launch-admin';
import { Dialog } from '../../../components/admin/dialog.js';
import { SelectField } from '../../../components/admin/select-field.js';
import { TextField } from '../../../components/admin/text-field.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useSetCityOpening } from '../api/set-city-opening.js';

/**
 * A city's opening settings (admins): the threshold of people at which it opens (empty: never by itself), the first
 * wave's size, and whether that wave goes at once or waits for an admin's click on the dashboard.
 */
export function CityOpeningDialog({
  city,
  onDone,
  onCancel,
}: {
  city: StaffCity;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const bodyId = useId();
  const save = useSetCityOpening();
  const [threshold, setThreshold] = useState(city.openingThreshold === null ? '' : String(city.openingThreshold));
  const [firstWave, setFirstWave] = useState(String(city.firstWaveSize));
  const [mode, setMode] = useState<OpenMode>(city.openMode);
  const open = city.opening.state === 'open';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: city.id,
        openingThreshold: threshold.trim() === '' ? null : Number(threshold),
        firstWaveSize: Number(firstWave),
        openMode: mode,
      },
      {
        onSuccess: (saved) =>
          onDone(
            saved.opening.state === 'open' && !open
              ? `${saved.name} reached its threshold and opened.`
              : `${saved.name}'s opening settings were saved.`,
          ),
      },
    );
  };

  return (
    <Dialog
      title={`Opening of ${city.name}`}
      role="dialog"
      describedBy={bodyId}
      busy={save.isPending}
      onCancel={onCancel}
      initialFocus="input"
      tabbable="input, select, button:not([disabled])"
    >
      <form onSubmit={submit} className="adm-form">
        <p id={bodyId} className="adm-muted">
          {open
            ? `${city.name} is open: these settings are kept for the record and change nothing now.`
            : `${city.name} opens when this many people chose it (confirmed, invited or admitted). Leave it empty and it opens only when you send it a wave.`}
        </p>
        <TextField
          label="Opening threshold (people)"
          type="number"
          inputMode="numeric"
          min={1}
          max={OPENING_THRESHOLD_MAX}
          step={1}
          value={threshold}
          hint="Empty: the city never opens by itself."
          onChange={(event) => setThreshold(event.target.value)}
        />
        <TextField
          label="First wave (invitations)"
          type="number"
          inputMode="numeric"
          min={0}
          max={WAVE_MAX}
          step={1}
          required
          value={firstWave}
          onChange={(event) => setFirstWave(event.target.value)}
        />
        <SelectField label="When it opens" value={mode} onChange={(event) => setMode(event.target.value as OpenMode)}>
          <option value="approve">Wait for an admin to open it (banner on the dashboard, mail to admins)</option>
          <option value="auto">Send the first wave at once</option>
        </SelectField>
        {save.isError && (
          <p className="adm-alert adm-alert--error" role="alert">
            {errorMessage(save.error)}
          </p>
        )}
        <div className="adm-dialog__actions">
          <button type="button" className="adm-button" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="adm-button adm-button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
