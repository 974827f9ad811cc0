import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/staff-api.js';
import { useCreateStaff } from '../api/create-staff.js';
import { useStaff } from '../api/get-staff.js';
import { useUpdateStaff } from '../api/update-staff.js';
import type { StaffAccount } from '@mmdm/contracts/auth';
import { DateTime } from '../../../components/admin/date-time.js';
import { TableEmail } from '../../../components/admin/table-email.js';
import { ROLE_LABELS, STAFF_ROLES, isStaffRole, type StaffRole } from '../../../lib/staff-roles.js';
import { DataTable } from '../../../components/admin/data-table.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { SelectField } from '../../../components/admin/select-field.js';
import { TextField } from '../../../components/admin/text-field.js';

const MIN_PASSWORD_LENGTH = 12;

function AddStaffForm() {
  const create = useCreateStaff();
  const [added, setAdded] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get('email') ?? '').trim();
    const role = String(form.get('role'));
    setAdded(undefined);
    create.mutate(
      { email, password: String(form.get('password') ?? ''), role: isStaffRole(role) ? role : 'viewer' },
      {
        onSuccess: () => {
          formElement.reset();
          setAdded(email);
        },
      },
    );
  };

  const busy = create.isPending;
  return (
    <form className="adm-card adm-form" onSubmit={onSubmit} aria-labelledby="add-staff">
      <h2 id="add-staff" className="adm-section-title">
        Add a staff member
      </h2>
      <label className="adm-field">
        <span className="adm-field__label">Email</span>
        <input className="adm-input" name="email" type="email" autoComplete="off" required disabled={busy} />
      </label>
      <TextField
        label="Initial password"
        hint="Share it with them privately; they can change it in Settings."
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
        disabled={busy}
      />
      <SelectField label="Role" name="role" defaultValue="viewer" disabled={busy}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <MutationError mutation={create} />
      {added && (
        <p className="adm-alert adm-alert--success" role="status">
          {added} can now sign in.
        </p>
      )}
      <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
        {busy ? 'Adding...' : 'Add staff member'}
      </button>
    </form>
  );
}

function StaffRow({ account, isSelf }: { account: StaffAccount; isSelf: boolean }) {
  const update = useUpdateStaff();
  const change = (changes: { role?: StaffRole; disabled?: boolean }) => update.mutate({ id: account.id, changes });

  return (
    <tr>
      <th scope="row">
        <TableEmail address={account.email} />
        {isSelf && <span className="adm-muted"> (you)</span>}
      </th>
      <td>
        <select
          className="adm-input adm-input--compact"
          aria-label={`Role of ${account.email}`}
          value={account.role}
          onChange={(event) => isStaffRole(event.target.value) && change({ role: event.target.value })}
          disabled={update.isPending || isSelf}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </td>
      <td>
        {account.disabled ? (
          <span className="adm-badge adm-badge--unsubscribed">Disabled</span>
        ) : (
          <span className="adm-badge adm-badge--confirmed">Active</span>
        )}
      </td>
      <td>
        <DateTime iso={account.lastLoginAt} />
      </td>
      <td className="adm-table__actions">
        {/* Locking yourself out is refused here and by the service. */}
        {!isSelf && (
          <button
            type="button"
            className={
              account.disabled ? 'adm-button adm-button--small' : 'adm-button adm-button--small adm-button--danger'
            }
            onClick={() => change({ disabled: !account.disabled })}
            disabled={update.isPending}
            aria-label={`${account.disabled ? 'Enable' : 'Disable'} ${account.email}`}
          >
            {account.disabled ? 'Enable' : 'Disable'}
          </button>
        )}
        {update.isError && (
          <span className="adm-inline-error" role="alert">
            {errorMessage(update.error)}
          </span>
        )}
      </td>
    </tr>
  );
}

interface StaffSettingsProps {
  /** The signed-in member's id: their own row offers no role change or deactivation. */
  selfId?: string;
}

export function StaffSettings({ selfId }: StaffSettingsProps) {
  const staff = useStaff();
  return (
    <div className="adm-stack">
      <section className="adm-card" aria-labelledby="staff-list">
        <h2 id="staff-list" className="adm-section-title">
          Staff
        </h2>
        <QueryState query={staff} label="the staff list" />
        {staff.data && (
          <DataTable label="Staff" columns={['Email', 'Role', 'Status', 'Last sign-in', 'Actions']} rows={staff.data}>
            {(account) => <StaffRow key={account.id} account={account} isSelf={account.id === selfId} />}
          </DataTable>
        )}
      </section>
      <AddStaffForm />
    </div>
  );
}
