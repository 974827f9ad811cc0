import { useState, type FormEvent } from 'react';
import { useChangePassword } from '../api/change-password.js';
import { useMe } from '../api/get-me.js';
import { formatDateTime } from '../../../lib/format.js';
import { ROLE_LABELS, isStaffRole } from '../../../lib/staff-roles.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { TextField } from '../../../components/admin/text-field.js';

/** The auth service's minimum (NIST SP 800-63B: length over composition); it has the final word and says why. */
const MIN_PASSWORD_LENGTH = 12;

function ChangePasswordForm() {
  const change = useChangePassword();
  const [mismatch, setMismatch] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get('newPassword') ?? '');
    if (newPassword !== String(form.get('confirmPassword') ?? '')) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(
      { currentPassword: String(form.get('currentPassword') ?? ''), newPassword },
      { onSuccess: () => formElement.reset() },
    );
  };

  const busy = change.isPending;
  return (
    <form className="adm-card adm-form" onSubmit={onSubmit} aria-labelledby="change-password">
      <h2 id="change-password" className="adm-section-title">
        Change password
      </h2>
      <label className="adm-field">
        <span className="adm-field__label">Current password</span>
        <input
          className="adm-input"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          disabled={busy}
        />
      </label>
      <TextField
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
        disabled={busy}
      />
      <label className="adm-field">
        <span className="adm-field__label">Repeat new password</span>
        <input
          className="adm-input"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          disabled={busy}
        />
      </label>
      {mismatch && (
        <p className="adm-alert adm-alert--error" role="alert">
          The new passwords do not match.
        </p>
      )}
      <MutationError mutation={change} />
      {change.isSuccess && (
        <p className="adm-alert adm-alert--success" role="status">
          Your password has been changed.
        </p>
      )}
      <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
        {busy ? 'Saving...' : 'Change password'}
      </button>
    </form>
  );
}

export function AccountSettings() {
  const me = useMe();
  return (
    <div className="adm-settings">
      <section className="adm-card" aria-labelledby="my-account">
        <h2 id="my-account" className="adm-section-title">
          My account
        </h2>
        <QueryState query={me} label="your account" />
        {me.data && (
          <dl className="adm-facts">
            <dt>Email</dt>
            <dd>{me.data.email}</dd>
            <dt>Role</dt>
            <dd>{isStaffRole(me.data.role) ? ROLE_LABELS[me.data.role] : me.data.role}</dd>
            <dt>Last sign-in</dt>
            <dd>{formatDateTime(me.data.lastLoginAt)}</dd>
            <dt>Account created</dt>
            <dd>{formatDateTime(me.data.createdAt)}</dd>
          </dl>
        )}
      </section>
      <ChangePasswordForm />
    </div>
  );
}
