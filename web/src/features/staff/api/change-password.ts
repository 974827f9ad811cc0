import { useMutation } from '@tanstack/react-query';
import { mutationRetry, staffCommand } from '../../../lib/staff-api.js';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export function changePassword(input: ChangePasswordInput): Promise<void> {
  return staffCommand('/api/admin/me/password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, retry: mutationRetry });
}
