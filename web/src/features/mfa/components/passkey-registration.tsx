import type { FormEvent } from 'react';
import type { EnrolmentAnswer } from '@mmdm/contracts/auth';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { useRegisterPasskey } from '../api/register-passkey.js';

interface PasskeyRegistrationProps {
  enrolToken?: string | undefined;
  onEnrolled: (answer: EnrolmentAnswer) => void;
}

/** The browser's own errors (a closed dialog, no authenticator) are not the server's: say what to do. */
function registrationMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error);
  return 'The passkey was not created. Try again, or set up an authenticator app instead.';
}

/** "Add a passkey": this device's platform authenticator, a phone or a security key, as the browser offers. */
export function PasskeyRegistration({ enrolToken, onEnrolled }: PasskeyRegistrationProps) {
  const register = useRegisterPasskey(enrolToken);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim() || 'Passkey';
    register.mutate(name, { onSuccess: onEnrolled });
  };
  return (
    <form className="adm-form" onSubmit={onSubmit}>
      <label className="adm-field">
        <span className="adm-field__label">Passkey name</span>
        <input
          className="adm-input"
          name="name"
          defaultValue="Passkey"
          maxLength={64}
          required
          disabled={register.isPending}
        />
      </label>
      <MutationError mutation={register} describe={registrationMessage} />
      <button type="submit" className="adm-button" disabled={register.isPending}>
        {register.isPending ? 'Waiting for the passkey...' : 'Add a passkey'}
      </button>
    </form>
  );
}
