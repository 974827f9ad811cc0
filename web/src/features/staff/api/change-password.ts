import { useMutation } from '@tanstack/react-query';
import { requestTo } from '../../../lib/api-client.js';
import { mutationRetry, staffCommand } from '../../../lib/staff-api.js';
import * as calls from '@mmdm/contracts/calls/staff-auth';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export function changePassword(input: ChangePasswordInput): Promise<void> {
  return staffCommand(requestTo(calls.changeOwnPassword), { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, retry: mutationRetry });
}
