import { useMutation } from '@tanstack/react-query';
import { reauthAnswerSchema, type ReauthBody } from '@mmdm/contracts/auth';
import { mutationRetry, staffRequest } from '../../../lib/staff-api.js';

/** Proves it is still the owner of the current session: factors may change for the next 5 minutes. */
export function reauthenticate(body: ReauthBody): Promise<{ until: string }> {
  return staffRequest('/api/admin/me/reauth', reauthAnswerSchema, { method: 'POST', body });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate, retry: mutationRetry });
}
