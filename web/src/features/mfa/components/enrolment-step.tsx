import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EnrolmentAnswer } from '@mmdm/contracts/auth';
import { adminKeys } from '../../../lib/admin-query-keys.js';
import { setStaffToken } from '../../../lib/staff-token.js';
import { PasskeyRegistration } from './passkey-registration.js';
import { RecoveryCodes } from './recovery-codes.js';
import { TotpEnrolment } from './totp-enrolment.js';

interface EnrolmentStepProps {
  enrolToken: string;
  onSignedIn: () => void;
  onRestart: () => void;
}

/**
 * After the password, when every staff member must have a second factor and this one has none: enrolling is all
 * the enrol-only token allows. The enrolment answers a real session, stored once the recovery codes are seen.
 */
export function EnrolmentStep({ enrolToken, onSignedIn, onRestart }: EnrolmentStepProps) {
  const queryClient = useQueryClient();
  const [enrolled, setEnrolled] = useState<EnrolmentAnswer>();
  const headingId = useId();

  const finish = (answer: EnrolmentAnswer) => {
    queryClient.removeQueries({ queryKey: adminKeys.all });
    setStaffToken(answer.session.token);
    onSignedIn();
  };
  const onEnrolled = (answer: EnrolmentAnswer) =>
    answer.recoveryCodes.length > 0 ? setEnrolled(answer) : finish(answer);

  return (
    <main className="adm-root adm-login">
      <section className="adm-card adm-login__card adm-form" aria-labelledby={headingId}>
        <h1 id={headingId} className="adm-login__title">
          Set up two-step verification
        </h1>
        {enrolled ? (
          <RecoveryCodes codes={enrolled.recoveryCodes} onDone={() => finish(enrolled)} doneLabel="Continue" />
        ) : (
          <>
            <p>Your team requires a second factor for staff sign-in. Set one up to continue.</p>
            <TotpEnrolment enrolToken={enrolToken} onEnrolled={onEnrolled} />
            <p>Or use a passkey on this device or a security key:</p>
            <PasskeyRegistration enrolToken={enrolToken} onEnrolled={onEnrolled} />
            <div className="adm-actions">
              <button type="button" className="adm-button adm-button--ghost" onClick={onRestart}>
                Back to sign in
              </button>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
