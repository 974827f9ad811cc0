import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EnrolmentAnswer } from '@mmdm/contracts/auth';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { formatDateTime } from '../../../lib/format.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useMfaStatus } from '../api/get-mfa-status.js';
import { adoptSession } from '../lib/adopt-session.js';
import { ConfirmFirstProvider } from '../lib/confirm-first.js';
import { useRemovePasskey } from '../api/remove-passkey.js';
import { useRemoveTotp } from '../api/remove-totp.js';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes.js';
import { PasskeyRegistration } from './passkey-registration.js';
import { RecoveryCodes } from './recovery-codes.js';
import { TotpEnrolment } from './totp-enrolment.js';

type Removal = { kind: 'totp' } | { kind: 'passkey'; id: string; name: string };

/**
 * "Security" in My account: the signed-in member's authenticator app, passkeys and recovery codes. A change asks for
 * the password (or a code) when the service says the last proof is older than 5 minutes. An enrolment ends every
 * other session; this one goes on, its token re-issued with the new factor (same expiry), which replaces the stored one.
 */
export function SecuritySettings() {
  return (
    <ConfirmFirstProvider>
      <SecurityPanel />
    </ConfirmFirstProvider>
  );
}

function SecurityPanel() {
  const queryClient = useQueryClient();
  const status = useMfaStatus();
  const removeTotp = useRemoveTotp();
  const removePasskey = useRemovePasskey();
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[]>([]);
  const [removal, setRemoval] = useState<Removal>();

  const onEnrolled = (answer: EnrolmentAnswer) => {
    adoptSession(queryClient, answer.session.token);
    setCodes(answer.recoveryCodes);
    void queryClient.invalidateQueries({ queryKey: adminKeys.mfa });
  };
  const removing = removal?.kind === 'totp' ? removeTotp : removePasskey;
  const confirmRemoval = () => {
    if (removal?.kind === 'totp') removeTotp.mutate(undefined, { onSuccess: () => setRemoval(undefined) });
    else if (removal) removePasskey.mutate(removal.id, { onSuccess: () => setRemoval(undefined) });
  };

  const data = status.data;
  return (
    <section className="adm-card" aria-labelledby="security">
      <h2 id="security" className="adm-section-title">
        Security
      </h2>
      <QueryState query={status} label="your sign-in settings" />
      {codes.length > 0 && <RecoveryCodes codes={codes} onDone={() => setCodes([])} />}
      {data && codes.length === 0 && (
        <>
          <p>
            {data.totp || data.passkeys.length > 0
              ? 'Two-step verification is on: signing in asks for your password and a second factor.'
              : data.required
                ? 'Your team requires two-step verification. Set up a second factor.'
                : 'Two-step verification is off. Add an authenticator app or a passkey to protect your account.'}
          </p>

          <h3 className="adm-section-title">Authenticator app</h3>
          {data.totp ? (
            <div className="adm-actions">
              <span>On</span>
              <button
                type="button"
                className="adm-button adm-button--danger adm-button--small"
                onClick={() => setRemoval({ kind: 'totp' })}
              >
                Remove authenticator app
              </button>
            </div>
          ) : (
            <TotpEnrolment onEnrolled={onEnrolled} />
          )}

          <h3 className="adm-section-title">Passkeys</h3>
          {data.passkeys.length > 0 && (
            <ul className="adm-list-plain" aria-label="Passkeys">
              {data.passkeys.map((passkey) => (
                <li key={passkey.id}>
                  <span>
                    {passkey.name} · added {formatDateTime(passkey.createdAt)}
                    {passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : ''}
                  </span>
                  <button
                    type="button"
                    className="adm-button adm-button--danger adm-button--small"
                    onClick={() => setRemoval({ kind: 'passkey', id: passkey.id, name: passkey.name })}
                  >
                    Remove {passkey.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <PasskeyRegistration onEnrolled={onEnrolled} />

          {(data.totp || data.passkeys.length > 0) && (
            <>
              <h3 className="adm-section-title">Recovery codes</h3>
              <p>{data.recoveryCodesLeft} of 10 unused.</p>
              <MutationError mutation={renew} />
              <button
                type="button"
                className="adm-button"
                disabled={renew.isPending}
                onClick={() => renew.mutate(undefined, { onSuccess: setCodes })}
              >
                {renew.isPending ? 'Making new codes...' : 'Make new recovery codes'}
              </button>
            </>
          )}
        </>
      )}
      {removal && (
        <ConfirmDialog
          title={removal.kind === 'totp' ? 'Remove the authenticator app?' : `Remove the passkey "${removal.name}"?`}
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={removing.isPending}
          error={removing.isError ? errorMessage(removing.error) : undefined}
          onConfirm={confirmRemoval}
          onCancel={() => {
            removing.reset();
            setRemoval(undefined);
          }}
        >
          <p>It will no longer sign you in.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
