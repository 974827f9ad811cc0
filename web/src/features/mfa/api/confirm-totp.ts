import { useMutation } from '@tanstack/react-query';
import { enrolmentAnswerSchema, type EnrolmentAnswer } from '@mmdm/contracts/auth';
import { requestTo } from '../../../lib/api-client.js';
import { mfaRequest } from '../lib/mfa-request.js';
import { useConfirmFirst } from '../lib/confirm-first.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

export function confirmTotp(code: string, enrolToken?: string): Promise<EnrolmentAnswer> {
  return mfaRequest(requestTo(calls.confirmTotpEnrolment), enrolmentAnswerSchema, { body: { code } }, enrolToken);
}

/** Not retried: a code is good for one use, and a lost answer is better followed by a fresh code. */
export function useConfirmTotp(enrolToken?: string) {
  const confirmFirst = useConfirmFirst();
  return useMutation({
    retry: false,
    mutationFn: (code: string) => confirmFirst(() => confirmTotp(code, enrolToken)),
  });
}
