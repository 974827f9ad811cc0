// The staff's auth API (/api/admin/*): request bodies the auth service accepts and the answers the panel reads.
import { z } from 'zod';
import { emailAddress } from './email.js';
import { STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from './limits.js';

export { auditPageSchema, auditRecordSchema, type AuditPage, type AuditRecord } from './audit.js';

/** Roles, most powerful first. A role satisfies every role after it in this list. */
export const STAFF_ROLES = ['admin', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRole = z.enum(STAFF_ROLES);

/**
 * A staff address under the one address rule (NFKC, no invisible or look-alike characters, domain lower-cased);
 * internal addresses such as admin@localhost are allowed: nothing is ever mailed to them.
 */
export const staffEmail = emailAddress({ deliverable: false });

export const newPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, `must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`)
  .max(STAFF_PASSWORD_MAX_LENGTH, `must be at most ${STAFF_PASSWORD_MAX_LENGTH} characters`);

/** POST /api/admin/login. Only shape is checked: a stored account may predate today's password rules. */
export const loginBody = z.strictObject({
  email: staffEmail,
  password: z.string().min(1, 'is required').max(1024),
});
export type LoginBody = z.output<typeof loginBody>;

/** POST /api/admin/me/password */
export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, 'is required').max(1024),
  newPassword,
});
export type ChangePasswordBody = z.output<typeof changePasswordBody>;

/** POST /api/admin/staff */
export const createStaffBody = z.strictObject({ email: staffEmail, password: newPassword, role: staffRole });
export type CreateStaffBody = z.output<typeof createStaffBody>;

/** PATCH /api/admin/staff/:id */
export const patchStaffBody = z
  .strictObject({ role: staffRole.optional(), disabled: z.boolean().optional() })
  .refine((patch) => patch.role !== undefined || patch.disabled !== undefined, 'Give role or disabled (or both).');
export type PatchStaffBody = z.output<typeof patchStaffBody>;

export const staffIdParam = z.uuid('is not a staff id');

/** 200 of POST /api/admin/login. */
export const loginAnswerSchema = z.object({
  token: z.string().min(1),
  expiresAt: z.string().optional(),
  role: z.string().optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** 200 of GET /api/admin/verify (a 401 answers `{valid:false, ...}`). */
export const verifyAnswerSchema = z.object({
  valid: z.literal(true),
  role: z.string(),
  sub: z.string().optional(),
  email: z.string().optional(),
});

/** A staff account as the auth service describes it (GET /api/admin/me, /api/admin/staff). Never the hash. */
export const staffAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  disabled: z.boolean().optional().default(false),
  createdAt: z.string().nullish(),
  lastLoginAt: z.string().nullish(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** 200 of GET /api/admin/staff, newest first. */
export const staffPageSchema = z.object({ items: z.array(staffAccountSchema) });

/** GET /api/admin/staff: `{items}` (accepted as a bare array too). */
export const staffListSchema = z.union([z.array(staffAccountSchema), staffPageSchema.transform((page) => page.items)]);

/** GET /api/admin/jwks.json: the public keys staff tokens are verified with (RFC 7517), Ed25519 only. */
export const jwksSchema = z.object({
  keys: z.array(
    z.looseObject({
      kty: z.literal('OKP'),
      crv: z.literal('Ed25519'),
      x: z.string(),
      kid: z.string(),
      alg: z.literal('EdDSA'),
    }),
  ),
});
