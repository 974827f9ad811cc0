import { z } from 'zod';
import { newPassword, staffEmail } from '../../core/staff-fields.js';

/** Only shape is checked at login: a stored account may predate today's password rules. */
export const loginBody = z.strictObject({
  email: staffEmail,
  password: z.string().min(1, 'is required').max(1024),
});
export type LoginBody = z.output<typeof loginBody>;

export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, 'is required').max(1024),
  newPassword,
});
export type ChangePasswordBody = z.output<typeof changePasswordBody>;
