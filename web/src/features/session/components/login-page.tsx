import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EnrolmentStepAnswer, SecondStepAnswer } from '@mmdm/contracts/auth';
import { CurrentPasswordInput } from '../../../components/admin/password-input.js';
import { paths } from '../../../config/paths.js';
import { describeWait } from '../../../lib/staff-api.js';
import { LoginError, useLogin } from '../api/login.js';
import { SecondFactorStep } from './second-factor-step.js';
import '../../../components/admin/admin.css';

/** The two sentences a sign-in failure may show, plus when to try again after too many attempts. */
function loginFailureMessage(error: unknown): string {
  if (error instanceof LoginError && error.kind === 'invalid_credentials') return 'Invalid credentials';
  if (error instanceof LoginError && error.kind === 'throttled') {
    const when = error.retryAfterSeconds === undefined ? 'later' : describeWait(error.retryAfterSeconds);
    return `Too many sign-in attempts. Please try again ${when}.`;
  }
  return 'Login failed. Please try again.';
}

/** What the login page hands the enrolment screen (composed by the route: it belongs to the security feature). */
export interface EnrolmentStepProps {
  enrolToken: string;
  onSignedIn: () => void;
  onRestart: () => void;
}

interface LoginPageProps {
  /** Shown after the password when a second factor is required and the account has none yet. */
  enrolment?: (props: EnrolmentStepProps) => ReactNode;
}

export function LoginPage({ enrolment }: LoginPageProps = {}) {
  const navigate = useNavigate();
  const login = useLogin();
  const errorId = useId();
  const [step, setStep] = useState<SecondStepAnswer | EnrolmentStepAnswer>();

  const signedIn = () => navigate(paths.admin.root, { replace: true });
  const restart = () => {
    login.reset();
    setStep(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate(
      { email: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') },
      { onSuccess: (answer) => ('token' in answer ? signedIn() : setStep(answer)) },
    );
  };

  if (step?.step === 'second_factor') return <SecondFactorStep step={step} onSignedIn={signedIn} onRestart={restart} />;
  if (step?.step === 'enrol' && enrolment)
    return enrolment({ enrolToken: step.enrolToken, onSignedIn: signedIn, onRestart: restart });

  const busy = login.isPending;
  return (
    <main className="adm-root adm-login">
      <form
        className="adm-card adm-login__card"
        onSubmit={onSubmit}
        aria-describedby={login.isError ? errorId : undefined}
      >
        <h1 className="adm-login__title">Admin Login</h1>
        <label className="adm-field">
          <span className="adm-field__label">Email</span>
          <input className="adm-input" name="email" type="email" autoComplete="username" required disabled={busy} />
        </label>
        <label className="adm-field">
          <span className="adm-field__label">Password</span>
          <CurrentPasswordInput disabled={busy} />
        </label>
        {login.isError && (
          <p id={errorId} className="adm-alert adm-alert--error" role="alert">
            {loginFailureMessage(login.error)}
          </p>
        )}
        <button className="adm-button adm-button--primary adm-login__submit" type="submit" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
