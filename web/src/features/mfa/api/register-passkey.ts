import { useMutation } from '@tanstack/react-query';
import { enrolmentAnswerSchema, passkeyCreationOptionsSchema, type EnrolmentAnswer } from '@mmdm/contracts/auth';
import { mfaRequest } from '../lib/mfa-request.js';
import { useConfirmFirst } from '../lib/confirm-first.js';
import { requestTo } from '../../../lib/api-client.js';
import { mutationRetry } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

/**
 * The WebAuthn registration ceremony: options from the service, the browser's authenticator creates the key
 * (@simplewebauthn/browser, loaded only when someone adds a passkey), the service verifies and stores it.
 */
export async function registerPasskey(name: string, enrolToken?: string): Promise<EnrolmentAnswer> {
  const options = await mfaRequest(
    requestTo(calls.getPasskeyRegistrationOptions),
    passkeyCreationOptionsSchema,
    {},
    enrolToken,
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  // The service's options are PublicKeyCredentialCreationOptionsJSON; the contract only checks the parts we read.
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return mfaRequest(requestTo(calls.registerPasskey), enrolmentAnswerSchema, { body: { name, response } }, enrolToken);
}

export function useRegisterPasskey(enrolToken?: string) {
  const confirmFirst = useConfirmFirst();
  return useMutation({
    // A 403 reauth_required the person cancelled is an answer, not a failure to retry.
    retry: mutationRetry,
    mutationFn: (name: string) => confirmFirst(() => registerPasskey(name, enrolToken)),
  });
}
