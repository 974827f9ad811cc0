// Staff sign-in, accounts and the auth audit log (auth service).
import { defineCall, BODY_ERRORS, staffErrors, ok, pathParam } from './define-call.js';
import { auditPageSchema } from '../audit.js';
import {
  authAuditParams,
  changePasswordBody,
  createStaffBody,
  jwksSchema,
  loginBody,
  loginStepAnswerSchema,
  patchStaffBody,
  staffAccountSchema,
  staffIdParam,
  staffPageSchema,
  verifyAnswerSchema,
} from '../auth.js';

const staffId = pathParam('A staff account id (UUID).', staffIdParam, {
  code: 'staff_not_found',
  message: 'No staff account with this id.',
});

export const login = defineCall({
  method: 'post',
  path: '/api/admin/login',
  operationId: 'login',
  tag: 'staff-auth',
  access: 'public',
  summary: 'Sign in',
  description: 'The same 401 for an unknown account and a wrong password. Throttled per address and per client.',
  body: loginBody,
  answers: ok(
    'A staff token (EdDSA JWT, at most 8 h); or, for an account with a second factor, `step: "second_factor"` and a 5-minute token for POST /api/admin/login/second-factor; or, when a second factor is required and the account has none, `step: "enrol"` and a 15-minute token that only the /api/admin/me/mfa enrolment routes take. Neither step token is a session.',
    loginStepAnswerSchema,
  ),
  errors: [...BODY_ERRORS, 401, 429, 503],
});

export const verifyToken = defineCall({
  method: 'get',
  path: '/api/admin/verify',
  operationId: 'verifyToken',
  tag: 'staff-auth',
  summary: 'Check a staff token',
  description: 'A 401 answers `{valid:false, success:false, code:"invalid_token", message}`.',
  access: 'any',
  answers: ok('The token is valid.', verifyAnswerSchema),
  errors: [401, 503],
});

export const logout = defineCall({
  method: 'post',
  path: '/api/admin/logout',
  operationId: 'logout',
  tag: 'staff-auth',
  summary: 'Sign out',
  description: "Revokes the token's `jti` until it would expire.",
  access: 'any',
  answers: { 204: { description: 'Signed out.' } },
  errors: [...BODY_ERRORS, ...staffErrors('any')],
});

export const getOwnAccount = defineCall({
  method: 'get',
  path: '/api/admin/me',
  operationId: 'getOwnAccount',
  tag: 'staff-auth',
  summary: 'Own account',
  description: 'The signed-in account.',
  access: 'viewer',
  answers: ok('The account.', staffAccountSchema),
  errors: staffErrors('viewer'),
});

export const changeOwnPassword = defineCall({
  method: 'post',
  path: '/api/admin/me/password',
  operationId: 'changeOwnPassword',
  tag: 'staff-auth',
  summary: 'Change own password',
  description:
    'A wrong current password is a 400 `wrong_password` (not 401, so the panel keeps the session). Ends every other session of the account.',
  access: 'viewer',
  body: changePasswordBody,
  answers: { 204: { description: 'Changed.' } },
  errors: [...BODY_ERRORS, 429, ...staffErrors('viewer')],
});

export const listStaff = defineCall({
  method: 'get',
  path: '/api/admin/staff',
  operationId: 'listStaff',
  tag: 'staff-auth',
  summary: 'Staff accounts',
  description: 'Every staff account.',
  access: 'admin',
  answers: ok('The accounts.', staffPageSchema),
  errors: staffErrors('admin'),
});

export const createStaff = defineCall({
  method: 'post',
  path: '/api/admin/staff',
  operationId: 'createStaff',
  tag: 'staff-auth',
  summary: 'Add a staff account',
  description: 'A weak, common or breached password is a 400 `validation_error` saying why.',
  access: 'admin',
  body: createStaffBody,
  answers: { 201: { description: 'Created.', schema: staffAccountSchema } },
  errors: [...BODY_ERRORS, 409, ...staffErrors('admin')],
});

export const updateStaff = defineCall({
  method: 'patch',
  path: '/api/admin/staff/{id}',
  operationId: 'updateStaff',
  tag: 'staff-auth',
  summary: 'Change a role, disable or enable',
  description:
    'Ends every session of the account. The last enabled admin cannot be disabled or demoted (409 `last_admin`).',
  access: 'admin',
  params: { id: staffId },
  body: patchStaffBody,
  answers: ok('The account.', staffAccountSchema),
  errors: [...BODY_ERRORS, 404, 409, ...staffErrors('admin')],
});

export const listAuthAudit = defineCall({
  method: 'get',
  path: '/api/admin/audit',
  operationId: 'listAuthAudit',
  tag: 'staff-auth',
  summary: "The auth service's audit log",
  description: 'Newest first, paged by `nextCursor`.',
  access: 'admin',
  query: { schema: authAuditParams },
  answers: ok('A page of audit records.', auditPageSchema),
  errors: [400, ...staffErrors('admin')],
});

export const getJwks = defineCall({
  method: 'get',
  path: '/api/admin/jwks.json',
  operationId: 'getJwks',
  tag: 'staff-auth',
  access: 'public',
  summary: 'Public keys of staff tokens',
  description: 'Every public key not yet expired (RFC 7517), so a rotated key verifies until its tokens expire.',
  answers: ok('The key set.', jwksSchema),
  errors: [],
});

/** In the order the document lists them. */
export const STAFF_AUTH_CALLS = [
  login,
  verifyToken,
  logout,
  getOwnAccount,
  changeOwnPassword,
  listStaff,
  createStaff,
  updateStaff,
  listAuthAudit,
  getJwks,
] as const;
