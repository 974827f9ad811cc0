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

/** GET /api/admin/audit: a cursor from the previous page's `nextCursor` (a record id), and a page size. */
export const authAuditParams = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'is not a cursor from a previous page')
    .transform((value) => BigInt(value))
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

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

// --- The second factor (TOTP, RFC 6238; passkeys, WebAuthn Level 3; recovery codes) ------------------------------

export const MFA_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** Six digits from an authenticator app; spaces people type between the groups are dropped. */
export const totpCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be the 6 digits your authenticator app shows'));

/** A recovery code as shown ("ABCD-EFGH-JKLM"), in any case, with or without the dashes. */
export const recoveryCode = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{12}$/, 'must be one of your recovery codes (12 letters and digits)'));

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url')
  .max(2048);

/** A WebAuthn authenticator's answer as @simplewebauthn/browser serialises it. Checked in depth by the server. */
const publicKeyCredential = <T extends z.ZodRawShape>(response: T) =>
  z.looseObject({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.looseObject(response),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  });

/** `navigator.credentials.get()`'s answer (AuthenticationResponseJSON). */
export const passkeyAssertion = publicKeyCredential({
  clientDataJSON: base64url,
  authenticatorData: base64url,
  signature: base64url,
  userHandle: base64url.optional(),
});

/** `navigator.credentials.create()`'s answer (RegistrationResponseJSON). */
export const passkeyAttestation = publicKeyCredential({
  clientDataJSON: base64url,
  attestationObject: base64url,
  transports: z.array(z.string().max(32)).max(10).optional(),
});

const mfaToken = z.string().min(1).max(2048);

/** POST /api/admin/login/second-factor: the second step, with the token the password step answered. */
export const secondFactorBody = z.discriminatedUnion('method', [
  z.strictObject({ mfaToken, method: z.literal('totp'), code: totpCode }),
  z.strictObject({ mfaToken, method: z.literal('recovery'), code: recoveryCode }),
  z.strictObject({ mfaToken, method: z.literal('passkey'), response: passkeyAssertion }),
]);
export type SecondFactorBody = z.output<typeof secondFactorBody>;

/**
 * POST /api/admin/me/reauth: proving it is still the owner before changing how the account signs in (ASVS 5.0 V6):
 * the password or a current authenticator-app code. Good for 5 minutes, for the current session only.
 */
export const reauthBody = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('password'), password: z.string().min(1, 'is required').max(1024) }),
  z.strictObject({ method: z.literal('totp'), code: totpCode }),
]);
export type ReauthBody = z.output<typeof reauthBody>;

/** 200 of POST /api/admin/me/reauth: until when changes to second factors are allowed without asking again. */
export const reauthAnswerSchema = z.object({ until: z.string() });

/** POST /api/admin/login/passkey-options */
export const passkeyOptionsBody = z.strictObject({ mfaToken });

/** 200 of POST /api/admin/login when the password was right and a second factor is needed. Not a session. */
export const secondStepAnswerSchema = z.object({
  step: z.literal('second_factor'),
  mfaToken: z.string(),
  expiresAt: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type SecondStepAnswer = z.infer<typeof secondStepAnswerSchema>;

/**
 * 200 of POST /api/admin/login when every staff member must have a second factor and this one has none: a token
 * that can do nothing but enrol one (the /api/admin/me/mfa routes). Not a session.
 */
export const enrolmentStepAnswerSchema = z.object({
  step: z.literal('enrol'),
  enrolToken: z.string(),
  expiresAt: z.string(),
});
export type EnrolmentStepAnswer = z.infer<typeof enrolmentStepAnswerSchema>;

/** Everything POST /api/admin/login may answer with 200: signed in, or one more step. */
export const loginStepAnswerSchema = z.union([loginAnswerSchema, secondStepAnswerSchema, enrolmentStepAnswerSchema]);
export type LoginStepAnswer = z.infer<typeof loginStepAnswerSchema>;

/** WebAuthn options as the browser library takes them; opaque to the panel. */
export const passkeyRequestOptionsSchema = z.looseObject({ challenge: z.string(), rpId: z.string().optional() });
export const passkeyCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string() }),
});

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** 200 of GET /api/admin/me/mfa: the signed-in member's factors (never a secret). */
export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** 200 of POST /api/admin/me/mfa/totp: the secret to scan, shown until it is confirmed and never again. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The QR code of otpauthUri: `size` modules square, dark modules as one SVG path. Drawn by the page itself. */
  qr: z.object({ size: z.number().int(), path: z.string() }),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST /api/admin/me/mfa/totp/confirm */
export const confirmTotpBody = z.strictObject({ code: totpCode });

/** POST /api/admin/me/mfa/passkeys */
export const registerPasskeyBody = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
  response: passkeyAttestation,
});

/**
 * 200 of an enrolment: sessions issued before it are over, so a new one comes with it; the recovery codes appear
 * here once (empty when the member already had codes).
 */
export const enrolmentAnswerSchema = z.object({
  session: loginAnswerSchema,
  recoveryCodes: z.array(z.string()),
});
export type EnrolmentAnswer = z.infer<typeof enrolmentAnswerSchema>;

/** 200 of POST /api/admin/me/mfa/recovery-codes: a new set, the old one void. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** GET/PUT /api/admin/mfa/policy */
export const mfaPolicyBody = z.strictObject({ required: z.boolean() });
export const mfaPolicySchema = z.object({
  required: z.boolean(),
  /** STAFF_MFA=required: the switch is on and cannot be turned off in the panel. */
  requiredByOps: z.boolean(),
});
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

/** 200 of GET /api/admin/mfa/staff: who has which factor (admins). */
export const staffMfaListSchema = z.object({
  items: z.array(z.object({ staffId: z.string(), email: z.string(), totp: z.boolean(), passkeys: z.number().int() })),
});
export type StaffMfaList = z.infer<typeof staffMfaListSchema>;
