import { useState, type FormEvent } from 'react';
import { CITY_NAME_MAX_LENGTH } from '@mmdm/contracts/launch-admin';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { QueryTable } from '../../../components/admin/query-table.js';
import { RowButton } from '../../../components/admin/row-button.js';
import { TextField } from '../../../components/admin/text-field.js';
import { formatNumber } from '../../../lib/format.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useCreateCity } from '../api/create-city.js';
import { useDeleteCity } from '../api/delete-city.js';
import { useStaffCities, type StaffCity } from '../api/get-cities.js';
import { describeFirstWave, describeOpening } from '../lib/describe-opening.js';
import { CityOpeningDialog } from './city-opening-dialog.js';

/** Settings › Cities: the list people choose their city from on their status page ("other" is always offered). */
export function CitiesSettings() {
  const cities = useStaffCities();
  const create = useCreateCity();
  const remove = useDeleteCity();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string>();
  const [toDelete, setToDelete] = useState<StaffCity>();
  const [toSet, setToSet] = useState<StaffCity>();

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setNotice(undefined);
    create.mutate(trimmed, {
      onSuccess: (city) => {
        setName('');
        setNotice(`${city.name} was added.`);
      },
    });
  };

  const onDelete = () => {
    if (!toDelete) return;
    const deleted = toDelete.name;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(undefined);
        setNotice(`${deleted} was removed.`);
      },
    });
  };

  return (
    <div className="adm-stack">
      <section className="adm-card" aria-label="Add a city">
        <h2 className="adm-section-title">Add a city</h2>
        <p className="adm-muted">People may pick one of these cities on their status page, or “other”.</p>
        <form className="adm-form" onSubmit={add}>
          <TextField
            label="City name"
            value={name}
            maxLength={CITY_NAME_MAX_LENGTH}
            required
            onChange={(event) => setName(event.target.value)}
          />
          <MutationError mutation={create} />
          <button type="submit" className="adm-button adm-button--primary" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add city'}
          </button>
        </form>
      </section>
      <section className="adm-card" aria-label="Cities">
        <h2 className="adm-section-title">Cities</h2>
        <QueryTable
          query={cities}
          notice={notice}
          what="the cities"
          rowsOf={(data) => data.items}
          label="Cities"
          columns={['City', 'People', 'Opening', 'First wave', 'Actions']}
          empty="No city yet: people can only say “other”, so add the cities you launch in."
        >
          {(city) => (
            <tr key={city.id}>
              <th scope="row">{city.name}</th>
              <td>{formatNumber(city.people)}</td>
              <td>{describeOpening(city)}</td>
              <td>{describeFirstWave(city)}</td>
              <td>
                <RowButton label={`Opening of ${city.name}`} onClick={() => setToSet(city)}>
                  Opening…
                </RowButton>{' '}
                <RowButton
                  danger
                  label={`Remove ${city.name}`}
                  onClick={() => {
                    remove.reset();
                    setToDelete(city);
                  }}
                >
                  Remove
                </RowButton>
              </td>
            </tr>
          )}
        </QueryTable>
      </section>
      {toSet && (
        <CityOpeningDialog
          city={toSet}
          onCancel={() => setToSet(undefined)}
          onDone={(message) => {
            setToSet(undefined);
            setNotice(message);
          }}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title={`Remove ${toDelete.name}?`}
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : undefined}
          onConfirm={onDelete}
          onCancel={() => setToDelete(undefined)}
        >
          <p>
            {people(toDelete.people)} chose it: they keep their place, and their city becomes none until they choose
            again.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function people(count: number): string {
  return count === 1 ? '1 person' : `${formatNumber(count)} people`;
}
