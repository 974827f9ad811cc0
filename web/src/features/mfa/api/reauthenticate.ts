import { useMutation } from '@tanstack/react-query';
import { reauthAnswerSchema, type ReauthBody } from '@mmdm/contracts/auth';
import { requestTo } from '../../../lib/api-client.js';
import { mutationRetry, staffRequest } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-mfa';

/** Proves it is still the owner of the current session: factors may change for the next 5 minutes. */
export function reauthenticate(body: ReauthBody): Promise<{ until: string }> {
  return staffRequest(requestTo(calls.reauthenticate), reauthAnswerSchema, { body });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate, retry: mutationRetry });
}
