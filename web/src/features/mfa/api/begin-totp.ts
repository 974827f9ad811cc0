import { useMutation } from '@tanstack/react-query';
import { totpSetupSchema, type TotpSetup } from '@mmdm/contracts/auth';
import { mfaRequest } from '../lib/mfa-request.js';
import { useConfirmFirst } from '../lib/confirm-first.js';
import { requestTo } from '../../../lib/api-client.js';
import { mutationRetry } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

/** A new secret and its QR code; the service keeps it 10 minutes for the first code. */
export function beginTotp(enrolToken?: string): Promise<TotpSetup> {
  return mfaRequest(requestTo(calls.beginTotpEnrolment), totpSetupSchema, {}, enrolToken);
}

export function useBeginTotp(enrolToken?: string) {
  const confirmFirst = useConfirmFirst();
  return useMutation({
    // A 403 reauth_required the person cancelled is an answer, not a failure to retry.
    retry: mutationRetry,
    mutationFn: () => confirmFirst(() => beginTotp(enrolToken)),
  });
}
