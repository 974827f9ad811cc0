import { z } from 'zod';
import { newPassword, staffEmail, staffRole } from '../../core/staff-fields.js';

export const createStaffBody = z.strictObject({
  email: staffEmail,
  password: newPassword,
  role: staffRole,
});
export type CreateStaffBody = z.output<typeof createStaffBody>;

export const patchStaffBody = z
  .strictObject({ role: staffRole.optional(), disabled: z.boolean().optional() })
  .refine((patch) => patch.role !== undefined || patch.disabled !== undefined, 'Give role or disabled (or both).');
export type PatchStaffBody = z.output<typeof patchStaffBody>;

export const staffIdParam = z.uuid('is not a staff id');
