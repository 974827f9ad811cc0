import { useState } from 'react';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useMfaPolicy } from '../api/get-mfa-policy.js';
import { useStaffMfa } from '../api/get-staff-mfa.js';
import { useResetStaffMfa } from '../api/reset-staff-mfa.js';
import { useSetMfaPolicy } from '../api/set-mfa-policy.js';

/**
 * Admins: the switch that requires a second factor of every staff member, and who has one, with a reset for a
 * member who lost theirs (their factors go and their sessions end; they sign in with the password and enrol again).
 */
export function StaffSecondFactors({ selfId }: { selfId: string | undefined }) {
  const policy = useMfaPolicy();
  const setPolicy = useSetMfaPolicy();
  const staff = useStaffMfa();
  const reset = useResetStaffMfa();
  const [resetting, setResetting] = useState<{ staffId: string; email: string }>();

  return (
    <section className="adm-card" aria-labelledby="staff-mfa">
      <h2 id="staff-mfa" className="adm-section-title">
        Two-step verification
      </h2>
      <QueryState query={policy} label="the sign-in policy" />
      {policy.data && (
        <label className="adm-field">
          <span>
            <input
              type="checkbox"
              checked={policy.data.required}
              disabled={policy.data.requiredByOps || setPolicy.isPending}
              onChange={(event) => setPolicy.mutate(event.currentTarget.checked)}
            />{' '}
            Require a second factor for every staff member
          </span>
          {policy.data.requiredByOps && (
            <span className="adm-field__hint">Required by the server (STAFF_MFA=required).</span>
          )}
        </label>
      )}
      <MutationError mutation={setPolicy} />
      <QueryState query={staff} label="staff sign-in factors" />
      {staff.data && (
        <ul className="adm-list-plain" aria-label="Second factors of staff">
          {staff.data.items.map((member) => {
            const factors = [
              member.totp ? 'authenticator app' : '',
              member.passkeys ? `${member.passkeys} passkey${member.passkeys === 1 ? '' : 's'}` : '',
            ]
              .filter(Boolean)
              .join(', ');
            return (
              <li key={member.staffId}>
                <span>
                  {member.email}: {factors || 'none'}
                </span>
                {factors && member.staffId !== selfId && (
                  <button
                    type="button"
                    className="adm-button adm-button--danger adm-button--small"
                    onClick={() => setResetting({ staffId: member.staffId, email: member.email })}
                  >
                    Reset second factor of {member.email}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {resetting && (
        <ConfirmDialog
          title={`Reset the second factor of ${resetting.email}?`}
          confirmLabel="Reset"
          busyLabel="Resetting..."
          busy={reset.isPending}
          error={reset.isError ? errorMessage(reset.error) : undefined}
          onConfirm={() => reset.mutate(resetting.staffId, { onSuccess: () => setResetting(undefined) })}
          onCancel={() => {
            reset.reset();
            setResetting(undefined);
          }}
        >
          <p>Their authenticator app, passkeys and recovery codes stop working and they are signed out everywhere.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
