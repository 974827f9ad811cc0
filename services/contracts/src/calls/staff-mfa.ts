// Staff second factors: one's own, the policy, and resetting another member's (auth service).
import { defineCall, BODY_ERRORS, staffErrors, ok, pathParam } from './define-call.js';
import {
  confirmTotpBody,
  enrolmentAnswerSchema,
  loginAnswerSchema,
  mfaPolicyBody,
  mfaPolicySchema,
  mfaStatusSchema,
  passkeyCreationOptionsSchema,
  passkeyOptionsBody,
  passkeyRequestOptionsSchema,
  reauthAnswerSchema,
  reauthBody,
  recoveryCodesSchema,
  registerPasskeyBody,
  secondFactorBody,
  staffIdParam,
  staffMfaListSchema,
  totpSetupSchema,
} from '../auth.js';

const staffId = pathParam('A staff account id (UUID).', staffIdParam, {
  code: 'staff_not_found',
  message: 'No staff account with this id.',
});

const passkeyId = pathParam('A passkey id (UUID).', staffIdParam, { code: 'not_found', message: 'No such passkey.' });

/** The enrolment routes also take the enrolment token of POST /api/admin/login (`step: "enrol"`). */
const ENROL_NOTE = 'Takes a staff token or the enrolment token of a sign-in that must enrol first.';

export const completeSignIn = defineCall({
  method: 'post',
  path: '/api/admin/login/second-factor',
  operationId: 'completeSignIn',
  tag: 'staff-auth',
  access: 'public',
  summary: 'Second sign-in step',
  description:
    'The token of the password step and one of: a TOTP code (RFC 6238, one step either side, each code once), a recovery code (each once) or a passkey assertion. Throttled per address and per account like the password.',
  body: secondFactorBody,
  answers: ok('A staff token.', loginAnswerSchema),
  errors: [...BODY_ERRORS, 401, 429, 503],
});

export const getSignInPasskeyOptions = defineCall({
  method: 'post',
  path: '/api/admin/login/passkey-options',
  operationId: 'getSignInPasskeyOptions',
  tag: 'staff-auth',
  access: 'public',
  summary: 'Passkey challenge for the second step',
  description: 'WebAuthn request options with a fresh challenge bound to this second-step token.',
  body: passkeyOptionsBody,
  answers: ok('PublicKeyCredentialRequestOptionsJSON.', passkeyRequestOptionsSchema),
  errors: [...BODY_ERRORS, 401, 409, 503],
});

export const getOwnSecondFactors = defineCall({
  method: 'get',
  path: '/api/admin/me/mfa',
  operationId: 'getOwnSecondFactors',
  tag: 'staff-auth',
  summary: 'Own second factors',
  description: `Which factors the account has; never a secret. ${ENROL_NOTE}`,
  access: 'any',
  answers: ok('The factors.', mfaStatusSchema),
  errors: staffErrors('any'),
});

export const beginTotpEnrolment = defineCall({
  method: 'post',
  path: '/api/admin/me/mfa/totp',
  operationId: 'beginTotpEnrolment',
  tag: 'staff-auth',
  summary: 'Start setting up an authenticator app',
  description: `A new secret and its QR code, valid 10 minutes until the first code confirms it; never shown again. ${ENROL_NOTE} Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 \`reauth_required\`).`,
  access: 'any',
  answers: ok('The secret to scan.', totpSetupSchema),
  errors: [403, 409, ...staffErrors('any')],
});

export const confirmTotpEnrolment = defineCall({
  method: 'post',
  path: '/api/admin/me/mfa/totp/confirm',
  operationId: 'confirmTotpEnrolment',
  tag: 'staff-auth',
  summary: 'Confirm the authenticator app with its first code',
  description: `Ends every session issued before (a new one comes with the answer); recovery codes appear once. ${ENROL_NOTE} Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 \`reauth_required\`).`,
  access: 'any',
  body: confirmTotpBody,
  answers: ok('Enrolled.', enrolmentAnswerSchema),
  errors: [...BODY_ERRORS, 403, 409, ...staffErrors('any')],
});

export const removeTotp = defineCall({
  method: 'delete',
  path: '/api/admin/me/mfa/totp',
  operationId: 'removeTotp',
  tag: 'staff-auth',
  summary: 'Remove the authenticator app',
  description:
    'Refused (409 `mfa_required`) when a second factor is required and this is the last one. Ends every other session. Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 `reauth_required`).',
  access: 'viewer',
  answers: { 204: { description: 'Removed.' } },
  errors: [403, 404, 409, ...staffErrors('viewer')],
});

export const getPasskeyRegistrationOptions = defineCall({
  method: 'post',
  path: '/api/admin/me/mfa/passkeys/options',
  operationId: 'getPasskeyRegistrationOptions',
  tag: 'staff-auth',
  summary: 'Start registering a passkey',
  description: `WebAuthn creation options (RP ID from PUBLIC_URL) with a challenge valid 5 minutes. ${ENROL_NOTE} Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 \`reauth_required\`).`,
  access: 'any',
  answers: ok('PublicKeyCredentialCreationOptionsJSON.', passkeyCreationOptionsSchema),
  errors: [403, ...staffErrors('any')],
});

export const registerPasskey = defineCall({
  method: 'post',
  path: '/api/admin/me/mfa/passkeys',
  operationId: 'registerPasskey',
  tag: 'staff-auth',
  summary: 'Register a passkey',
  description: `The authenticator's answer to the options. Ends every session issued before (a new one comes with the answer). ${ENROL_NOTE} Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 \`reauth_required\`).`,
  access: 'any',
  body: registerPasskeyBody,
  answers: ok('Enrolled.', enrolmentAnswerSchema),
  errors: [...BODY_ERRORS, 403, 409, ...staffErrors('any')],
});

export const removePasskey = defineCall({
  method: 'delete',
  path: '/api/admin/me/mfa/passkeys/{id}',
  operationId: 'removePasskey',
  tag: 'staff-auth',
  summary: 'Remove a passkey',
  description:
    'Refused (409 `mfa_required`) when a second factor is required and this is the last one. Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 `reauth_required`). Ends every other session.',
  access: 'viewer',
  params: { id: passkeyId },
  answers: { 204: { description: 'Removed.' } },
  errors: [403, 404, 409, ...staffErrors('viewer')],
});

export const renewRecoveryCodes = defineCall({
  method: 'post',
  path: '/api/admin/me/mfa/recovery-codes',
  operationId: 'renewRecoveryCodes',
  tag: 'staff-auth',
  summary: 'New recovery codes',
  description:
    'Ten new codes, shown once; the old ones stop working. Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 `reauth_required`).',
  access: 'viewer',
  answers: ok('The codes.', recoveryCodesSchema),
  errors: [403, 409, ...staffErrors('viewer')],
});

export const reauthenticate = defineCall({
  method: 'post',
  path: '/api/admin/me/reauth',
  operationId: 'reauthenticate',
  tag: 'staff-auth',
  summary: 'Confirm it is you before changing how you sign in',
  description:
    'The password or a current authenticator-app code (each code once). For the next 5 minutes the current session may add or remove second factors and renew recovery codes (ASVS 5.0 V6). Throttled like the sign-in; a wrong answer is a 400 (`wrong_password`, `invalid_second_factor`), not a 401: the session is fine.',
  access: 'viewer',
  body: reauthBody,
  answers: ok('Confirmed until this time.', reauthAnswerSchema),
  errors: [...BODY_ERRORS, 429, ...staffErrors('viewer')],
});

export const getSecondFactorPolicy = defineCall({
  method: 'get',
  path: '/api/admin/mfa/policy',
  operationId: 'getSecondFactorPolicy',
  tag: 'staff-auth',
  summary: 'Is a second factor required?',
  description: 'The Settings switch, and whether STAFF_MFA=required holds it on.',
  access: 'admin',
  answers: ok('The policy.', mfaPolicySchema),
  errors: staffErrors('admin'),
});

export const setSecondFactorPolicy = defineCall({
  method: 'put',
  path: '/api/admin/mfa/policy',
  operationId: 'setSecondFactorPolicy',
  tag: 'staff-auth',
  summary: 'Require a second factor of every staff member',
  description:
    'Turning it on needs a factor of your own (409 `no_second_factor`) and ends the sessions of everyone without one: their next sign-in can only enrol.',
  access: 'admin',
  body: mfaPolicyBody,
  answers: ok('The policy now.', mfaPolicySchema),
  errors: [...BODY_ERRORS, 409, ...staffErrors('admin')],
});

export const listStaffSecondFactors = defineCall({
  method: 'get',
  path: '/api/admin/mfa/staff',
  operationId: 'listStaffSecondFactors',
  tag: 'staff-auth',
  summary: "Staff members' second factors",
  description: 'Per account: an authenticator app or not, how many passkeys.',
  access: 'admin',
  answers: ok('The accounts.', staffMfaListSchema),
  errors: staffErrors('admin'),
});

export const resetStaffSecondFactor = defineCall({
  method: 'post',
  path: '/api/admin/mfa/staff/{id}/reset',
  operationId: 'resetStaffSecondFactor',
  tag: 'staff-auth',
  summary: "Reset another member's second factor",
  description:
    'Removes their app, passkeys and recovery codes and ends every session of theirs. Not for your own account (400).',
  access: 'admin',
  params: { id: staffId },
  answers: { 204: { description: 'Reset.' } },
  errors: [400, 404, ...staffErrors('admin')],
});

/** In the order the document lists them. */
export const STAFF_MFA_CALLS = [
  completeSignIn,
  getSignInPasskeyOptions,
  getOwnSecondFactors,
  beginTotpEnrolment,
  confirmTotpEnrolment,
  removeTotp,
  getPasskeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renewRecoveryCodes,
  reauthenticate,
  getSecondFactorPolicy,
  setSecondFactorPolicy,
  listStaffSecondFactors,
  resetStaffSecondFactor,
] as const;
