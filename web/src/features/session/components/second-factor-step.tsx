import { useId, useState, type FormEvent } from 'react';
import type { MfaMethod, SecondStepAnswer } from '@mmdm/contracts/auth';
import { TotpCodeInput } from '../../../components/admin/totp-code-input.js';
import { describeWait } from '../../../lib/staff-api.js';
import { SecondStepError, useCompleteSignIn } from '../api/complete-sign-in.js';

interface SecondFactorStepProps {
  step: SecondStepAnswer;
  onSignedIn: () => void;
  /** Back to the password form (the step's token expired, or the person wants to start over). */
  onRestart: () => void;
}

function failureMessage(error: unknown): string {
  if (!(error instanceof SecondStepError)) return 'Sign-in failed. Please try again.';
  switch (error.kind) {
    case 'rejected':
      return error.serverMessage ?? 'That did not work. Please try again.';
    case 'expired':
      return 'Your sign-in has expired. Please sign in again.';
    case 'throttled':
      return `Too many attempts. Please try again ${error.retryAfterSeconds === undefined ? 'later' : describeWait(error.retryAfterSeconds)}.`;
    case 'cancelled':
      return 'The passkey was not used. Try again, or use another way to sign in.';
    default:
      return 'Sign-in failed. Please try again.';
  }
}

type CodeMethod = Extract<MfaMethod, 'totp' | 'recovery'>;

/** The ways to switch to another code, in the order the buttons show them. */
const OTHER_CODE_METHODS: readonly { method: CodeMethod; label: string }[] = [
  { method: 'recovery', label: 'Use a recovery code' },
  { method: 'totp', label: 'Use your authenticator app' },
];

/**
 * The second sign-in step, shown in place of the password form once the password was right: a code from the
 * authenticator app, a passkey, or a recovery code when the phone is lost.
 */
export function SecondFactorStep({ step, onSignedIn, onRestart }: SecondFactorStepProps) {
  const complete = useCompleteSignIn(step.mfaToken);
  const has = (method: MfaMethod) => step.methods.includes(method);
  const [codeMethod, setCodeMethod] = useState<CodeMethod | undefined>(has('totp') ? 'totp' : undefined);
  const headingId = useId();
  const errorId = useId();
  const busy = complete.isPending;
  const expired = complete.error instanceof SecondStepError && complete.error.kind === 'expired';

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!codeMethod) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    complete.mutate({ method: codeMethod, code }, { onSuccess: onSignedIn });
  };
  const usePasskey = () => complete.mutate({ method: 'passkey' }, { onSuccess: onSignedIn });
  const switchTo = (method: CodeMethod) => {
    complete.reset();
    setCodeMethod(method);
  };

  return (
    <main className="adm-root adm-login">
      <section className="adm-card adm-login__card adm-form" aria-labelledby={headingId}>
        <h1 id={headingId} className="adm-login__title">
          Two-step verification
        </h1>
        {codeMethod && (
          <form className="adm-form" onSubmit={submitCode} aria-describedby={complete.isError ? errorId : undefined}>
            <label className="adm-field">
              <span className="adm-field__label">
                {codeMethod === 'totp' ? 'Authentication code' : 'Recovery code'}
              </span>
              {codeMethod === 'totp' ? (
                <TotpCodeInput key="totp" disabled={busy} aria-describedby={`${headingId}-hint`} />
              ) : (
                <input
                  key="recovery"
                  className="adm-input"
                  name="code"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={20}
                  required
                  disabled={busy}
                  aria-describedby={`${headingId}-hint`}
                />
              )}
            </label>
            <span id={`${headingId}-hint`} className="adm-field__hint">
              {codeMethod === 'totp'
                ? 'The 6-digit code your authenticator app shows now.'
                : 'One of the codes you saved when you set up two-step verification. Each works once.'}
            </span>
            <button className="adm-button adm-button--primary adm-login__submit" type="submit" disabled={busy}>
              {busy ? 'Verifying...' : 'Verify'}
            </button>
          </form>
        )}
        {has('passkey') && (
          <button
            className={`adm-button ${codeMethod ? 'adm-button--ghost' : 'adm-button--primary adm-login__submit'}`}
            type="button"
            onClick={usePasskey}
            disabled={busy}
          >
            Use a passkey
          </button>
        )}
        {complete.isError && (
          <p id={errorId} className="adm-alert adm-alert--error" role="alert">
            {failureMessage(complete.error)}
          </p>
        )}
        <div className="adm-actions">
          {OTHER_CODE_METHODS.filter(({ method }) => has(method) && codeMethod !== method).map(({ method, label }) => (
            <button
              key={method}
              className="adm-button adm-button--ghost"
              type="button"
              onClick={() => switchTo(method)}
              disabled={busy}
            >
              {label}
            </button>
          ))}
          <button
            className={`adm-button ${expired ? 'adm-button--primary' : 'adm-button--ghost'}`}
            type="button"
            onClick={onRestart}
            disabled={busy}
          >
            Back to sign in
          </button>
        </div>
      </section>
    </main>
  );
}
