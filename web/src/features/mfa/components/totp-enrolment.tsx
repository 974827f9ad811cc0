import { useId, type FormEvent } from 'react';
import type { EnrolmentAnswer } from '@mmdm/contracts/auth';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { TotpCodeInput } from '../../../components/admin/totp-code-input.js';
import { useBeginTotp } from '../api/begin-totp.js';
import { useConfirmTotp } from '../api/confirm-totp.js';

interface TotpEnrolmentProps {
  /** The enrol-only token right after the password; absent in Settings (the stored session is used). */
  enrolToken?: string | undefined;
  onEnrolled: (answer: EnrolmentAnswer) => void;
}

/** "Set up an authenticator app": the QR code (drawn here from its modules: no image service), the key, the first code. */
export function TotpEnrolment({ enrolToken, onEnrolled }: TotpEnrolmentProps) {
  const begin = useBeginTotp(enrolToken);
  const confirm = useConfirmTotp(enrolToken);
  const keyId = useId();
  const setup = begin.data;

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(String(new FormData(event.currentTarget).get('code') ?? ''), { onSuccess: onEnrolled });
  };

  if (!setup) {
    return (
      <div>
        <button
          type="button"
          className="adm-button adm-button--primary"
          onClick={() => begin.mutate()}
          disabled={begin.isPending}
        >
          {begin.isPending ? 'Preparing...' : 'Set up an authenticator app'}
        </button>
        <MutationError mutation={begin} />
      </div>
    );
  }

  return (
    <form className="adm-form" onSubmit={onConfirm}>
      <p>Scan this QR code with your authenticator app, then type the 6-digit code it shows.</p>
      <svg
        className="adm-qr"
        role="img"
        aria-label="QR code for your authenticator app"
        viewBox={`-2 -2 ${setup.qr.size + 4} ${setup.qr.size + 4}`}
        shapeRendering="crispEdges"
      >
        <path d={setup.qr.path} fill="#000" />
      </svg>
      <p>
        Cannot scan it? Enter this key instead:{' '}
        <code id={keyId} className="adm-secret" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <label className="adm-field">
        <span className="adm-field__label">Code from the app</span>
        <TotpCodeInput disabled={confirm.isPending} />
      </label>
      <MutationError mutation={confirm} />
      <button type="submit" className="adm-button adm-button--primary" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking...' : 'Turn on'}
      </button>
    </form>
  );
}
