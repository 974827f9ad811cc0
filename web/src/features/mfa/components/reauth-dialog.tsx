import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/admin/dialog.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { CurrentPasswordInput } from '../../../components/admin/password-input.js';
import { TotpCodeInput } from '../../../components/admin/totp-code-input.js';
import { useMfaStatus } from '../api/get-mfa-status.js';
import { useReauthenticate } from '../api/reauthenticate.js';

interface ReauthDialogProps {
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * "Confirm it's you": the password, or a code from the authenticator app when there is one. Focus starts in the
 * field, stays inside the dialog and returns where it was; Escape cancels.
 */
export function ReauthDialog({ onConfirmed, onCancel }: ReauthDialogProps) {
  const bodyId = useId();
  const hasTotp = useMfaStatus().data?.totp ?? false;
  const [method, setMethod] = useState<'password' | 'totp'>('password');
  const reauth = useReauthenticate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body =
      method === 'password'
        ? { method, password: String(form.get('password') ?? '') }
        : { method, code: String(form.get('code') ?? '') };
    reauth.mutate(body, { onSuccess: onConfirmed });
  };
  return (
    <Dialog
      title="Confirm it is you"
      role="dialog"
      describedBy={bodyId}
      busy={reauth.isPending}
      onCancel={onCancel}
      initialFocus="input"
      focusKey={method}
      tabbable="input:not([disabled]), button:not([disabled])"
    >
      <form className="adm-form" onSubmit={onSubmit}>
        <p id={bodyId}>
          Changing how you sign in needs your password, or a code from your authenticator app, from the last 5 minutes.
        </p>
        {method === 'password' ? (
          <label className="adm-field">
            <span className="adm-field__label">Password</span>
            <CurrentPasswordInput disabled={reauth.isPending} />
          </label>
        ) : (
          <label className="adm-field">
            <span className="adm-field__label">Code from the app</span>
            <TotpCodeInput disabled={reauth.isPending} />
          </label>
        )}
        <MutationError mutation={reauth} />
        {hasTotp && (
          <button
            type="button"
            className="adm-button adm-button--ghost"
            onClick={() => {
              reauth.reset();
              setMethod(method === 'password' ? 'totp' : 'password');
            }}
          >
            {method === 'password' ? 'Use a code from your authenticator app' : 'Use your password'}
          </button>
        )}
        <div className="adm-dialog__actions">
          <button type="button" className="adm-button" onClick={onCancel} disabled={reauth.isPending}>
            Cancel
          </button>
          <button type="submit" className="adm-button adm-button--primary" disabled={reauth.isPending}>
            {reauth.isPending ? 'Checking...' : 'Confirm'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
