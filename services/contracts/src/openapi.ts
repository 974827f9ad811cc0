// The OpenAPI 3.1 document of the public and the staff API, generated from the very zod schemas the services parse
// requests with and the web app parses answers with, so the description cannot say something the code does not.
// Served at GET /api/openapi.json; linted with Spectral and checked against every answer the integration tests get.
import { z } from 'zod';
import { apiErrorSchema } from './api-error.js';
import {
  changePasswordBody,
  confirmTotpBody,
  createStaffBody,
  enrolmentAnswerSchema,
  loginStepAnswerSchema,
  mfaPolicyBody,
  mfaPolicySchema,
  mfaStatusSchema,
  passkeyCreationOptionsSchema,
  passkeyOptionsBody,
  reauthAnswerSchema,
  reauthBody,
  passkeyRequestOptionsSchema,
  recoveryCodesSchema,
  registerPasskeyBody,
  secondFactorBody,
  staffMfaListSchema,
  totpSetupSchema,
  jwksSchema,
  loginAnswerSchema,
  loginBody,
  patchStaffBody,
  staffAccountSchema,
  staffPageSchema,
  verifyAnswerSchema,
} from './auth.js';
import { auditPageSchema } from './audit.js';
import { CONTACT_API_PATHS, contactAnswer, contactBody } from './contact.js';
import {
  contactMessageSchema,
  contactMessageSummarySchema,
  contactMessagesPageSchema,
  listMessagesParams,
  messageHandledBody,
  STAFF_MESSAGE_PATHS,
} from './contact-admin.js';
import {
  cityChoiceBody,
  citiesAnswer,
  confirmedPlaceAnswer,
  confirmLinkAnswer,
  invitationAnswer,
  invitationTokenBody,
  placeStatusAnswer,
  tokenQuery as launchTokenQuery,
} from './launch.js';
import {
  createCityBody,
  inviteWaveBody,
  launchStatsSchema,
  revokeCreditBody,
  staffCitiesSchema,
  staffCitySchema,
  waveAcceptedSchema,
  wavePreviewParams,
  wavePreviewSchema,
  wavesSchema,
} from './launch-admin.js';
import {
  DATA_LINK_TTL_MINUTES,
  DATA_SESSION_TTL_MINUTES,
  dataAccessBody,
  dataEraseBody,
  dataOpenAnswer,
  dataOpenBody,
  PRIVACY_API_PATHS,
} from './privacy.js';
import { mailHookAnswer, MAIL_HOOK_PATHS, postmarkEventSchema, snsMessageSchema } from './mail-feeds.js';
import {
  API_PATHS,
  challengeAnswer,
  joinAnswer,
  messageAnswer,
  unsubscribeLinkAnswer,
  oneClickBody,
  referralCheckAnswer,
  referralQuery,
  signupBody,
  tokenBody,
  tokenQuery,
} from './waitlist.js';
import {
  domainRuleBody,
  domainRuleSchema,
  domainRulesSchema,
  reviewDecisionBody,
  reviewQueueSchema,
  reviewCountSchema,
} from './abuse-admin.js';
import {
  analyticsParams,
  analyticsSchema,
  auditParams,
  entriesPageSchema,
  exportEntriesParams,
  listEntriesParams,
  mailTemplatePreviewSchema,
  mailTemplatesSchema,
  statsSchema,
} from './waitlist-admin.js';

type Schema = z.core.$ZodType;
type JsonObject = Record<string, unknown>;

/**
 * A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). `io: 'input'`: a request schema's input is what a client
 * sends, and an answer schema's input is what the service sends (the panel's parse may add defaults on top).
 * Refinements that JSON Schema cannot say (a date's calendar check, the address rule's NFKC step) stay in the code.
 */
function jsonSchema(schema: Schema): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/** An object schema's properties as OpenAPI parameters (`in: query` or `in: path`). */
function parametersOf(
  schema: Schema,
  where: 'query' | 'path',
  descriptions: Record<string, string> = {},
): JsonObject[] {
  const object = jsonSchema(schema) as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema: property,
  }));
}

const pathId = (name: string, description: string, pattern = '^\\d{1,18}$'): JsonObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern },
});

/** Error statuses and what each means; every one answers `ApiError`. */
const ERRORS = {
  400: 'The request is malformed: `validation_error` (with `issues` naming each field), `invalid_json`, or a code of this endpoint (sign-up and contact form: `challenge_required`, `challenge_invalid`, `challenge_spent`; sign-up: `email_not_permanent`).',
  401: 'No valid staff token (`unauthorized`, `invalid_token`), wrong credentials (`invalid_credentials`), a wrong second factor (`invalid_second_factor`) or a second-step token that expired or was used (`mfa_token_invalid`), or an unsigned or unauthenticated webhook (`signature_missing`, `unauthorized`).',
  403: 'The staff role does not allow this (`forbidden`), or a webhook whose signature, signing host, topic or client address is refused (`signature_invalid`, `topic_not_allowed`, `forbidden`).',
  404: 'Not found (`not_found`, `token_invalid`, `staff_not_found`, `template_not_found`).',
  408: 'The request took too long to arrive (`request_timeout`).',
  409: 'Conflicts with the current state (`token_used`, `not_pending`, `suppressed`, `email_taken`, `last_admin`, `city_exists`, `totp_exists`, `passkey_exists`, `no_enrolment`, `no_passkey`, `no_second_factor`, `mfa_required`, `cap_reached`).',
  410: 'The link is past its lifetime (`token_expired`).',
  413: 'The body is over 4 kB, 32 kB for the contact form (`payload_too_large`).',
  415: 'The body is not JSON, or compressed (`unsupported_media_type`, `unsupported_encoding`).',
  429: 'Too many requests (`rate_limited`, `too_many_attempts`, `too_many_exports`); wait `Retry-After` seconds.',
  500: 'Something failed on our side (`internal_error`); the answer says nothing internal, the log has the request id.',
  503: 'A dependency is down (`unavailable`): the revocation store, the key set or the database; try again shortly.',
} as const;
type ErrorStatus = keyof typeof ERRORS;

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'string', pattern: '^\\d+$' },
};

function errorResponses(): Record<string, JsonObject> {
  return Object.fromEntries(
    Object.entries(ERRORS).map(([status, description]) => [
      `Error${status}`,
      {
        description,
        ...(status === '429' || status === '503' ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      },
    ]),
  );
}

interface Answer {
  description: string;
  /** JSON answer; absent for answers without a body (204, 303). */
  schema?: Schema;
  /** A body of another type (the CSV export). */
  content?: JsonObject;
  headers?: JsonObject;
}

interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  operationId: string;
  tag:
    | 'waitlist'
    | 'launch'
    | 'privacy'
    | 'contact'
    | 'mail-hooks'
    | 'staff-auth'
    | 'staff-waitlist'
    | 'staff-launch'
    | 'staff-review'
    | 'staff-messages';
  summary: string;
  description: string;
  /** The least role allowed; `any` = any valid staff token. Absent: public. */
  staff?: 'admin' | 'viewer' | 'any';
  /** Another security scheme of components.securitySchemes (a webhook's credentials). */
  security?: 'postmarkBasic';
  parameters?: JsonObject[];
  body?: Schema;
  /** More request body types besides JSON (RFC 8058 one-click). */
  extraBodies?: Record<string, Schema>;
  answers: Record<number, Answer>;
  errors: ErrorStatus[];
}

/** Errors any endpoint with a JSON body can answer before its own code runs. */
const BODY_ERRORS: ErrorStatus[] = [400, 408, 413, 415];
/** Errors of every staff endpoint: no token, a bad one, a dependency the check needs is down. */
const staffErrors = (role: 'admin' | 'viewer' | 'any'): ErrorStatus[] =>
  role === 'admin' ? [401, 403, 503] : [401, 503];

const ok = (description: string, schema: Schema): Record<number, Answer> => ({ 200: { description, schema } });
const tokenParam = (description: string) => parametersOf(tokenQuery, 'query', { token: description });

const PUBLIC_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/waitlist',
    operationId: 'joinWaitlist',
    tag: 'waitlist',
    summary: 'Join the waitlist',
    description:
      'Double opt-in sign-up: a confirmation mail goes out. The answer is the same for a new and a known address, so nobody can learn who signed up. When the service asks for proof of work (GET /waitlist/challenge), `altcha` carries the solution; without it the answer is 400 `challenge_required` and nothing is written. A throwaway or mail-less domain: 400 `email_not_permanent`. `website` is a hidden honeypot field: filled, the answer is the same 200 and nothing is written.',
    body: signupBody,
    answers: ok('Joined (or already on the list: the same answer).', joinAnswer),
    errors: [...BODY_ERRORS, 429, 503],
  },
  {
    method: 'get',
    path: '/waitlist/challenge',
    operationId: 'getSignupChallenge',
    tag: 'waitlist',
    summary: 'A proof-of-work challenge for the sign-up form (ALTCHA)',
    description:
      "An ALTCHA v2 challenge (SHA-256, deterministic) the page solves in the background; its solution goes in the sign-up's `altcha` field (base64 of `{challenge, solution}`) and is accepted once. `required`: whether a sign-up sent now needs it. Never cached.",
    answers: ok('A challenge, or null when none is asked for (SIGNUP_CHALLENGE=off).', challengeAnswer),
    errors: [],
  },
  {
    method: 'get',
    path: API_PATHS.referral,
    operationId: 'checkReferralCode',
    tag: 'waitlist',
    summary: "Whether a share link's code is someone's on the list",
    description:
      'What the sign-up page opened by a share link (`/waitlist?ref=CODE`) may know: `valid` (the code belongs to someone confirmed, invited or admitted) and `boost` (REFERRAL_BOOST, the same for every code). Nothing about whose code it is. 300 checks per client address per 15 minutes, then 429. Never cached.',
    parameters: parametersOf(referralQuery, 'query', { code: 'The code of the share link.' }),
    answers: ok('Whether the code is valid, and the boost.', referralCheckAnswer),
    errors: [400, 429],
  },
  {
    method: 'get',
    path: '/waitlist/confirm',
    operationId: 'getConfirmationStatus',
    tag: 'waitlist',
    summary: 'What a confirmation link stands for (read-only)',
    description: 'Changes nothing and spends nothing, so a mail scanner that opens the link confirms nobody.',
    parameters: tokenParam('The confirmation token from the mail.'),
    answers: ok(
      '`pending`, or confirmed (also invited or admitted since) with the referral code and the place.',
      confirmLinkAnswer,
    ),
    errors: [400, 404, 409, 410],
  },
  {
    method: 'post',
    path: '/waitlist/confirm',
    operationId: 'confirmSignup',
    tag: 'waitlist',
    summary: 'Confirm an address',
    description:
      'Confirms the entry, gives it a place in line and its referral code. A 409 `token_used` for an address already confirmed still carries the entry in `data`.',
    body: tokenBody,
    answers: ok('Confirmed: the entry with its referral code, share link and place.', confirmedPlaceAnswer),
    errors: [...BODY_ERRORS, 404, 409, 410],
  },
  {
    method: 'post',
    path: '/waitlist/resend',
    operationId: 'resendConfirmation',
    tag: 'waitlist',
    summary: 'Ask for a new confirmation mail',
    description:
      'Takes an expired or used confirmation token. The answer is the same whatever the token (no enumeration).',
    body: tokenBody,
    answers: ok('A sentence; a mail is queued if the entry is pending and out of its cooldown.', messageAnswer),
    errors: [...BODY_ERRORS, 429],
  },
  {
    method: 'post',
    path: '/waitlist/unsubscribe',
    operationId: 'unsubscribe',
    tag: 'waitlist',
    summary: 'Unsubscribe (JSON, or RFC 8058 one-click)',
    description:
      'JSON `{token}` from the page, or RFC 8058 one-click from a mail provider: `?token=` in the query and the form body `List-Unsubscribe=One-Click`.',
    parameters: parametersOf(tokenQuery, 'query', {
      token: 'One-click only: the unsubscribe token of the mail header.',
    }).map((parameter) => ({ ...parameter, required: false })),
    body: tokenBody,
    extraBodies: { 'application/x-www-form-urlencoded': oneClickBody },
    answers: ok('Unsubscribed.', messageAnswer),
    errors: [...BODY_ERRORS, 404],
  },
  {
    method: 'get',
    path: '/waitlist/unsubscribe',
    operationId: 'openUnsubscribeLink',
    tag: 'waitlist',
    summary: 'Open an unsubscribe link',
    description: 'A GET never changes state: it sends the person to the page that asks and POSTs.',
    parameters: tokenParam('The unsubscribe token from the mail.').map((parameter) => ({
      ...parameter,
      schema: { type: 'string' },
    })),
    answers: {
      303: {
        description: 'To the unsubscribe page, `/unsubscribe?token=…`.',
        headers: { Location: { description: 'The page.', schema: { type: 'string' } } },
      },
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/waitlist/unsubscribe/link',
    operationId: 'getUnsubscribeLink',
    tag: 'waitlist',
    summary: 'What an unsubscribe link stands for (read-only)',
    description:
      'The address the link unsubscribes and whether that is done (used before, or the entry erased since: then the address is null). Changes nothing.',
    parameters: tokenParam('The unsubscribe token from the mail.'),
    answers: ok('The address and whether it is unsubscribed already.', unsubscribeLinkAnswer),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/waitlist/status',
    operationId: 'getPlaceStatus',
    tag: 'launch',
    summary: 'A place in line (read-only)',
    description: 'What the confirmation link shows: the place, credited friends, the chosen city.',
    parameters: parametersOf(launchTokenQuery, 'query', { token: 'A confirmation token.' }),
    answers: ok('The place status.', placeStatusAnswer),
    errors: [400, 404, 410],
  },
  {
    method: 'get',
    path: '/waitlist/cities',
    operationId: 'listCities',
    tag: 'launch',
    summary: 'Cities one may choose',
    description: 'The cities of the launch, in their order.',
    answers: ok('The cities.', citiesAnswer),
    errors: [],
  },
  {
    method: 'post',
    path: '/waitlist/city',
    operationId: 'chooseCity',
    tag: 'launch',
    summary: 'Choose a city',
    description: "A confirmed person's city: a city id, `'other'`, or null to say nothing.",
    body: cityChoiceBody,
    answers: ok('Saved: the place status.', placeStatusAnswer),
    errors: [...BODY_ERRORS, 404],
  },
  {
    method: 'get',
    path: '/waitlist/invitation',
    operationId: 'getInvitation',
    tag: 'launch',
    summary: 'An invitation (read-only)',
    description: 'What the invitation link stands for.',
    parameters: parametersOf(launchTokenQuery, 'query', { token: 'An invitation token.' }),
    answers: ok('The invitation.', invitationAnswer),
    errors: [400, 404, 410],
  },
  {
    method: 'post',
    path: '/waitlist/invitation/accept',
    operationId: 'acceptInvitation',
    tag: 'launch',
    summary: 'Accept an invitation',
    description: 'The entry becomes `admitted`. Idempotent.',
    body: invitationTokenBody,
    answers: ok('Admitted.', invitationAnswer),
    errors: [...BODY_ERRORS, 404],
  },
];

/** The contact form on /contact, and what staff do with its messages. */
const CONTACT_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: CONTACT_API_PATHS.send,
    operationId: 'sendContactMessage',
    tag: 'contact',
    summary: 'Write to our team',
    description:
      'Stores the message and mails it to the support address (SUPPORT_EMAIL) with the sender as Reply-To; kept CONTACT_RETENTION_DAYS. Throttled per network (CONTACT_RATE_LIMIT per hour). When the service asks for proof of work (GET /waitlist/contact/challenge), `altcha` carries the solution; without it the answer is 400 `challenge_required` and nothing is written. `website` is a hidden honeypot field: filled, the answer is the same 200 and nothing is written. Bodies up to 32 kB.',
    body: contactBody,
    answers: ok('Stored; its mail to our team is on its way.', contactAnswer),
    errors: [...BODY_ERRORS, 429, 503],
  },
  {
    method: 'get',
    path: CONTACT_API_PATHS.challenge,
    operationId: 'getContactChallenge',
    tag: 'contact',
    summary: 'A proof-of-work challenge for the contact form (ALTCHA)',
    description:
      "As GET /waitlist/challenge, at the contact form's own pressure (CONTACT_PRESSURE_*); its solution goes in the message's `altcha` field and is accepted once. Never cached.",
    answers: ok('A challenge, or null when none is asked for (SIGNUP_CHALLENGE=off).', challengeAnswer),
    errors: [],
  },
];

const messageId = pathId('id', 'A message id.');
/** Express's `:id` as OpenAPI's `{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const STAFF_MESSAGE_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: STAFF_MESSAGE_PATHS.list,
    operationId: 'listContactMessages',
    tag: 'staff-messages',
    summary: 'Messages from the contact form',
    description:
      'Newest first, paged by `nextCursor`; `state` open (the default), handled or all; `open` counts those still to answer. Who wrote and when, not what. Audited as a staff read (`messages.list`).',
    staff: 'viewer',
    parameters: parametersOf(listMessagesParams, 'query'),
    answers: ok('A page of messages.', contactMessagesPageSchema),
    errors: [400, ...staffErrors('viewer')],
  },
  {
    method: 'get',
    path: openApiPath(STAFF_MESSAGE_PATHS.one),
    operationId: 'readContactMessage',
    tag: 'staff-messages',
    summary: 'Read a message',
    description:
      'The message, and when its mail reached the support address. Audited as a staff read (`message.read`).',
    staff: 'viewer',
    parameters: [messageId],
    answers: ok('The message.', contactMessageSchema),
    errors: [400, 404, ...staffErrors('viewer')],
  },
  {
    method: 'post',
    path: openApiPath(STAFF_MESSAGE_PATHS.handled),
    operationId: 'setContactMessageHandled',
    tag: 'staff-messages',
    summary: 'Mark a message handled, or open again',
    description: '`{handled: true}` once it is answered, `false` to open it again. Audited.',
    staff: 'admin',
    parameters: [messageId],
    body: messageHandledBody,
    answers: ok('The message as it is now.', contactMessageSummarySchema),
    errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
  },
  {
    method: 'delete',
    path: openApiPath(STAFF_MESSAGE_PATHS.one),
    operationId: 'eraseContactMessage',
    tag: 'staff-messages',
    summary: 'Erase a message',
    description: 'Now, before its retention period ends (an erasure request, say). Audited.',
    staff: 'admin',
    parameters: [messageId],
    answers: { 204: { description: 'Erased.' } },
    errors: [400, 404, ...staffErrors('admin')],
  },
];

const MAIL_HOOK_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: MAIL_HOOK_PATHS.ses,
    operationId: 'sesNotification',
    tag: 'mail-hooks',
    summary: 'Amazon SES bounces and complaints through SNS',
    description:
      'An SNS HTTPS subscription of the SES notification topic (SES_SNS_TOPIC_ARNS). Every message must carry a valid SNS signature (SignatureVersion 1 or 2) with its certificate on `sns.<region>.amazonaws.com`; a SubscriptionConfirmation is confirmed by fetching its SubscribeURL on that host. Bounce Permanent suppresses the address as a hard bounce, Transient counts as a soft bounce, Complaint suppresses it as a complaint; a message already applied changes nothing. 404 unless configured.',
    body: snsMessageSchema,
    extraBodies: { 'text/plain': snsMessageSchema },
    answers: ok('Recorded, confirmed, or nothing to record.', mailHookAnswer),
    errors: [...BODY_ERRORS, 401, 403, 404, 503],
  },
  {
    method: 'post',
    path: MAIL_HOOK_PATHS.postmark,
    operationId: 'postmarkWebhook',
    tag: 'mail-hooks',
    summary: 'Postmark bounces and spam complaints',
    description:
      'Authenticated by HTTP Basic credentials (POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD, written into the webhook URL at Postmark), optionally only from POSTMARK_WEBHOOK_IPS. Bounce HardBounce or BadEmailAddress suppresses the address as a hard bounce, SoftBounce counts as a soft bounce, SpamComplaint suppresses it as a complaint; other records are accepted and ignored. 404 unless configured.',
    security: 'postmarkBasic',
    body: postmarkEventSchema,
    answers: ok('Recorded, or nothing to record.', mailHookAnswer),
    errors: [...BODY_ERRORS, 401, 403, 404],
  },
];

const staffId = pathId('id', 'A staff account id (UUID).', '^.{1,100}$');
const entryId = pathId('id', 'An entry id.');

const STAFF_AUTH_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/admin/login',
    operationId: 'login',
    tag: 'staff-auth',
    summary: 'Sign in',
    description: 'The same 401 for an unknown account and a wrong password. Throttled per address and per client.',
    body: loginBody,
    answers: ok(
      'A staff token (EdDSA JWT, at most 8 h); or, for an account with a second factor, `step: "second_factor"` and a 5-minute token for POST /api/admin/login/second-factor; or, when a second factor is required and the account has none, `step: "enrol"` and a 15-minute token that only the /api/admin/me/mfa enrolment routes take. Neither step token is a session.',
      loginStepAnswerSchema,
    ),
    errors: [...BODY_ERRORS, 401, 429, 503],
  },
  {
    method: 'get',
    path: '/api/admin/verify',
    operationId: 'verifyToken',
    tag: 'staff-auth',
    summary: 'Check a staff token',
    description: 'A 401 answers `{valid:false, success:false, code:"invalid_token", message}`.',
    staff: 'any',
    answers: ok('The token is valid.', verifyAnswerSchema),
    errors: [401, 503],
  },
  {
    method: 'post',
    path: '/api/admin/logout',
    operationId: 'logout',
    tag: 'staff-auth',
    summary: 'Sign out',
    description: "Revokes the token's `jti` until it would expire.",
    staff: 'any',
    answers: { 204: { description: 'Signed out.' } },
    errors: [...BODY_ERRORS, ...staffErrors('any')],
  },
  {
    method: 'get',
    path: '/api/admin/me',
    operationId: 'getOwnAccount',
    tag: 'staff-auth',
    summary: 'Own account',
    description: 'The signed-in account.',
    staff: 'viewer',
    answers: ok('The account.', staffAccountSchema),
    errors: staffErrors('viewer'),
  },
  {
    method: 'post',
    path: '/api/admin/me/password',
    operationId: 'changeOwnPassword',
    tag: 'staff-auth',
    summary: 'Change own password',
    description:
      'A wrong current password is a 400 `wrong_password` (not 401, so the panel keeps the session). Ends every other session of the account.',
    staff: 'viewer',
    body: changePasswordBody,
    answers: { 204: { description: 'Changed.' } },
    errors: [...BODY_ERRORS, 429, ...staffErrors('viewer')],
  },
  {
    method: 'get',
    path: '/api/admin/staff',
    operationId: 'listStaff',
    tag: 'staff-auth',
    summary: 'Staff accounts',
    description: 'Every staff account.',
    staff: 'admin',
    answers: ok('The accounts.', staffPageSchema),
    errors: staffErrors('admin'),
  },
  {
    method: 'post',
    path: '/api/admin/staff',
    operationId: 'createStaff',
    tag: 'staff-auth',
    summary: 'Add a staff account',
    description: 'A weak, common or breached password is a 400 `validation_error` saying why.',
    staff: 'admin',
    body: createStaffBody,
    answers: { 201: { description: 'Created.', schema: staffAccountSchema } },
    errors: [...BODY_ERRORS, 409, ...staffErrors('admin')],
  },
  {
    method: 'patch',
    path: '/api/admin/staff/{id}',
    operationId: 'updateStaff',
    tag: 'staff-auth',
    summary: 'Change a role, disable or enable',
    description:
      'Ends every session of the account. The last enabled admin cannot be disabled or demoted (409 `last_admin`).',
    staff: 'admin',
    parameters: [staffId],
    body: patchStaffBody,
    answers: ok('The account.', staffAccountSchema),
    errors: [...BODY_ERRORS, 404, 409, ...staffErrors('admin')],
  },
  {
    method: 'get',
    path: '/api/admin/audit',
    operationId: 'listAuthAudit',
    tag: 'staff-auth',
    summary: "The auth service's audit log",
    description: 'Newest first, paged by `nextCursor`.',
    staff: 'admin',
    parameters: parametersOf(auditParams, 'query'),
    answers: ok('A page of audit records.', auditPageSchema),
    errors: [400, ...staffErrors('admin')],
  },
  {
    method: 'get',
    path: '/api/admin/jwks.json',
    operationId: 'getJwks',
    tag: 'staff-auth',
    summary: 'Public keys of staff tokens',
    description: 'Every public key not yet expired (RFC 7517), so a rotated key verifies until its tokens expire.',
    answers: ok('The key set.', jwksSchema),
    errors: [],
  },
];

const STAFF_WAITLIST_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/admin/waitlist/entries',
    operationId: 'listEntries',
    tag: 'staff-waitlist',
    summary: 'Sign-ups',
    description:
      'Keyset-paged by (createdAt, id), or by place (`order=place`) or city. A search reads a bounded number of entries per request; `searchedThrough` says how far.',
    staff: 'viewer',
    parameters: parametersOf(listEntriesParams, 'query'),
    answers: ok('A page of entries.', entriesPageSchema),
    errors: [400, ...staffErrors('viewer')],
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/entries.csv',
    operationId: 'exportEntries',
    tag: 'staff-waitlist',
    summary: 'Export sign-ups as CSV',
    description:
      'Streamed; the same filter as the list. At most EXPORT_MAX_CONCURRENT at once (429 `too_many_exports`).',
    staff: 'admin',
    parameters: parametersOf(exportEntriesParams, 'query'),
    answers: { 200: { description: 'The CSV file.', content: { 'text/csv': { schema: { type: 'string' } } } } },
    errors: [400, 429, ...staffErrors('admin')],
  },
  {
    method: 'post',
    path: '/api/admin/waitlist/entries/{id}/resend',
    operationId: 'resendEntryConfirmation',
    tag: 'staff-waitlist',
    summary: 'Send a pending entry a new confirmation mail',
    description: '409 `not_pending` once confirmed; 409 `suppressed` when the address is on the suppression list.',
    staff: 'admin',
    parameters: [entryId],
    answers: { 202: { description: 'Queued.', schema: messageAnswer } },
    errors: [400, 404, 409, ...staffErrors('admin')],
  },
  {
    method: 'delete',
    path: '/api/admin/waitlist/entries/{id}',
    operationId: 'eraseEntry',
    tag: 'staff-waitlist',
    summary: 'Erase an entry',
    description: 'The entry, its tokens and its outbox rows; a credit it gave is taken back first.',
    staff: 'admin',
    parameters: [entryId],
    answers: { 204: { description: 'Erased.' } },
    errors: [400, 404, ...staffErrors('admin')],
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/stats',
    operationId: 'getStats',
    tag: 'staff-waitlist',
    summary: 'Totals and recent activity',
    description: 'Totals, today, and the latest sign-ups and confirmations.',
    staff: 'viewer',
    answers: ok('The figures.', statsSchema),
    errors: staffErrors('viewer'),
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/analytics',
    operationId: 'getAnalytics',
    tag: 'staff-waitlist',
    summary: 'Sign-ups and confirmations per day',
    description: 'UTC days, both ends included.',
    staff: 'viewer',
    parameters: parametersOf(analyticsParams, 'query'),
    answers: ok('The period.', analyticsSchema),
    errors: [400, ...staffErrors('viewer')],
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/audit',
    operationId: 'listWaitlistAudit',
    tag: 'staff-waitlist',
    summary: "The waitlist service's audit log",
    description:
      'Newest first, paged by `nextCursor`. `kind=reads`: only staff reading personal data (the Users list, searches, exports, contact messages); `kind=changes`: everything else.',
    staff: 'admin',
    parameters: parametersOf(auditParams, 'query'),
    answers: ok('A page of audit records.', auditPageSchema),
    errors: [400, ...staffErrors('admin')],
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/mail-templates',
    operationId: 'listMailTemplates',
    tag: 'staff-waitlist',
    summary: 'Every mail the worker sends',
    description: 'Names, descriptions and subjects with sample data.',
    staff: 'admin',
    answers: ok('The templates.', mailTemplatesSchema),
    errors: staffErrors('admin'),
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/mail-templates/{name}/preview',
    operationId: 'previewMailTemplate',
    tag: 'staff-waitlist',
    summary: 'A mail as it would go out',
    description: "Rendered with sample data and this deployment's footer.",
    staff: 'admin',
    parameters: [
      { name: 'name', in: 'path', required: true, description: 'A template name.', schema: { type: 'string' } },
    ],
    answers: ok('The rendered mail.', mailTemplatePreviewSchema),
    errors: [400, 404, ...staffErrors('admin')],
  },
];

const STAFF_LAUNCH_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/admin/waitlist/invitations',
    operationId: 'inviteWave',
    tag: 'staff-launch',
    summary: 'Invite a wave',
    description:
      'Accepted when the best `count` place holders (in `city`) are chosen: the first 1,000 are `invited` before the ' +
      'answer, the rest by the worker within seconds; one invitation mail each. `invited` is how many were chosen. Audited.',
    staff: 'admin',
    body: inviteWaveBody,
    answers: { 202: { description: 'The wave.', schema: waveAcceptedSchema } },
    errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/invitations/preview',
    operationId: 'previewWave',
    tag: 'staff-launch',
    summary: 'How many a wave would invite',
    description: 'Changes nothing.',
    staff: 'viewer',
    parameters: parametersOf(wavePreviewParams, 'query'),
    answers: ok('Matching now, and place holders there.', wavePreviewSchema),
    errors: [400, 404, ...staffErrors('viewer')],
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/invitations',
    operationId: 'listWaves',
    tag: 'staff-launch',
    summary: 'Waves so far',
    description: 'Newest first, at most 100.',
    staff: 'viewer',
    answers: ok('The waves.', wavesSchema),
    errors: staffErrors('viewer'),
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/cities',
    operationId: 'listStaffCities',
    tag: 'staff-launch',
    summary: 'Cities with their people',
    description: 'Every city and how many chose it.',
    staff: 'viewer',
    answers: ok('The cities.', staffCitiesSchema),
    errors: staffErrors('viewer'),
  },
  {
    method: 'post',
    path: '/api/admin/waitlist/cities',
    operationId: 'createCity',
    tag: 'staff-launch',
    summary: 'Add a city',
    description: 'Audited; 409 `city_exists` for a name on the list already.',
    staff: 'admin',
    body: createCityBody,
    answers: { 201: { description: 'Added.', schema: staffCitySchema } },
    errors: [...BODY_ERRORS, 409, ...staffErrors('admin')],
  },
  {
    method: 'delete',
    path: '/api/admin/waitlist/cities/{id}',
    operationId: 'deleteCity',
    tag: 'staff-launch',
    summary: 'Remove a city',
    description: 'People keep their place; their city becomes none. Audited.',
    staff: 'admin',
    parameters: [pathId('id', 'A city id.', '^\\d{1,9}$')],
    answers: { 204: { description: 'Removed.' } },
    errors: [400, 404, ...staffErrors('admin')],
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/launch-stats',
    operationId: 'getLaunchStats',
    tag: 'staff-launch',
    summary: 'Per city, and the top referrers',
    description: 'Confirmed, invited and admitted per city; the referrers with the most credits.',
    staff: 'viewer',
    answers: ok('The figures.', launchStatsSchema),
    errors: staffErrors('viewer'),
  },
  {
    method: 'post',
    path: '/api/admin/waitlist/credits/{referredId}/revoke',
    operationId: 'revokeCredit',
    tag: 'staff-launch',
    summary: 'Revoke a referral credit',
    description: 'The granted credit turns `revoked` and the referrer moves back. Audited.',
    staff: 'admin',
    parameters: [pathId('referredId', 'The referred entry whose credit goes.')],
    body: revokeCreditBody,
    answers: ok('Revoked.', messageAnswer),
    errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
  },
];

/** The "Your data" page's calls (`/your-data`): access, export and erasure by the person. */
const PRIVACY_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: PRIVACY_API_PATHS.requestLink,
    operationId: 'requestDataLink',
    tag: 'privacy',
    summary: 'Ask for a link to one’s data',
    description: `Mails a single-use link (valid ${DATA_LINK_TTL_MINUTES} minutes) to the address if it is on the list, at most one per address every two minutes. The answer is the same whether it is listed or not.`,
    body: dataAccessBody,
    answers: ok('Asked (the same answer for a listed and an unlisted address).', messageAnswer),
    errors: [...BODY_ERRORS, 429, 503],
  },
  {
    method: 'post',
    path: PRIVACY_API_PATHS.open,
    operationId: 'openDataLink',
    tag: 'privacy',
    summary: 'Open the link: everything held',
    description: `Spends the link and answers everything the waitlist holds about the address, and a session (valid ${DATA_SESSION_TTL_MINUTES} minutes) for the erasure.`,
    body: dataOpenBody,
    answers: ok('Everything held, and the session.', dataOpenAnswer),
    errors: [...BODY_ERRORS, 404, 409, 410],
  },
  {
    method: 'post',
    path: PRIVACY_API_PATHS.erase,
    operationId: 'eraseMyData',
    tag: 'privacy',
    summary: 'Erase everything now',
    description:
      'Erases the entry, its tokens, its mails and the credits it received at once (the credit it gave is taken back); the address may sign up again afterwards.',
    body: dataEraseBody,
    answers: ok('Erased.', messageAnswer),
    errors: [...BODY_ERRORS, 404, 410],
  },
];

const passkeyId = pathId('id', 'A passkey id (UUID).', '^.{1,100}$');
/** The enrolment routes also take the enrolment token of POST /api/admin/login (`step: "enrol"`). */
const ENROL_NOTE = 'Takes a staff token or the enrolment token of a sign-in that must enrol first.';

const STAFF_MFA_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/admin/login/second-factor',
    operationId: 'completeSignIn',
    tag: 'staff-auth',
    summary: 'Second sign-in step',
    description:
      'The token of the password step and one of: a TOTP code (RFC 6238, one step either side, each code once), a recovery code (each once) or a passkey assertion. Throttled per address and per account like the password.',
    body: secondFactorBody,
    answers: ok('A staff token.', loginAnswerSchema),
    errors: [...BODY_ERRORS, 401, 429, 503],
  },
  {
    method: 'post',
    path: '/api/admin/login/passkey-options',
    operationId: 'getSignInPasskeyOptions',
    tag: 'staff-auth',
    summary: 'Passkey challenge for the second step',
    description: 'WebAuthn request options with a fresh challenge bound to this second-step token.',
    body: passkeyOptionsBody,
    answers: ok('PublicKeyCredentialRequestOptionsJSON.', passkeyRequestOptionsSchema),
    errors: [...BODY_ERRORS, 401, 409, 503],
  },
  {
    method: 'get',
    path: '/api/admin/me/mfa',
    operationId: 'getOwnSecondFactors',
    tag: 'staff-auth',
    summary: 'Own second factors',
    description: `Which factors the account has; never a secret. ${ENROL_NOTE}`,
    staff: 'any',
    answers: ok('The factors.', mfaStatusSchema),
    errors: staffErrors('any'),
  },
  {
    method: 'post',
    path: '/api/admin/me/mfa/totp',
    operationId: 'beginTotpEnrolment',
    tag: 'staff-auth',
    summary: 'Start setting up an authenticator app',
    description: `A new secret and its QR code, valid 10 minutes until the first code confirms it; never shown again. ${ENROL_NOTE} Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 \`reauth_required\`).`,
    staff: 'any',
    answers: ok('The secret to scan.', totpSetupSchema),
    errors: [403, 409, ...staffErrors('any')],
  },
  {
    method: 'post',
    path: '/api/admin/me/mfa/totp/confirm',
    operationId: 'confirmTotpEnrolment',
    tag: 'staff-auth',
    summary: 'Confirm the authenticator app with its first code',
    description: `Ends every session issued before (a new one comes with the answer); recovery codes appear once. ${ENROL_NOTE} Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 \`reauth_required\`).`,
    staff: 'any',
    body: confirmTotpBody,
    answers: ok('Enrolled.', enrolmentAnswerSchema),
    errors: [...BODY_ERRORS, 403, 409, ...staffErrors('any')],
  },
  {
    method: 'delete',
    path: '/api/admin/me/mfa/totp',
    operationId: 'removeTotp',
    tag: 'staff-auth',
    summary: 'Remove the authenticator app',
    description:
      'Refused (409 `mfa_required`) when a second factor is required and this is the last one. Ends every other session. Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 `reauth_required`).',
    staff: 'viewer',
    answers: { 204: { description: 'Removed.' } },
    errors: [403, 404, 409, ...staffErrors('viewer')],
  },
  {
    method: 'post',
    path: '/api/admin/me/mfa/passkeys/options',
    operationId: 'getPasskeyRegistrationOptions',
    tag: 'staff-auth',
    summary: 'Start registering a passkey',
    description: `WebAuthn creation options (RP ID from PUBLIC_URL) with a challenge valid 5 minutes. ${ENROL_NOTE} Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 \`reauth_required\`).`,
    staff: 'any',
    answers: ok('PublicKeyCredentialCreationOptionsJSON.', passkeyCreationOptionsSchema),
    errors: [403, ...staffErrors('any')],
  },
  {
    method: 'post',
    path: '/api/admin/me/mfa/passkeys',
    operationId: 'registerPasskey',
    tag: 'staff-auth',
    summary: 'Register a passkey',
    description: `The authenticator's answer to the options. Ends every session issued before (a new one comes with the answer). ${ENROL_NOTE} Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 \`reauth_required\`).`,
    staff: 'any',
    body: registerPasskeyBody,
    answers: ok('Enrolled.', enrolmentAnswerSchema),
    errors: [...BODY_ERRORS, 403, 409, ...staffErrors('any')],
  },
  {
    method: 'delete',
    path: '/api/admin/me/mfa/passkeys/{id}',
    operationId: 'removePasskey',
    tag: 'staff-auth',
    summary: 'Remove a passkey',
    description:
      'Refused (409 `mfa_required`) when a second factor is required and this is the last one. Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 `reauth_required`). Ends every other session.',
    staff: 'viewer',
    parameters: [passkeyId],
    answers: { 204: { description: 'Removed.' } },
    errors: [403, 404, 409, ...staffErrors('viewer')],
  },
  {
    method: 'post',
    path: '/api/admin/me/mfa/recovery-codes',
    operationId: 'renewRecoveryCodes',
    tag: 'staff-auth',
    summary: 'New recovery codes',
    description:
      'Ten new codes, shown once; the old ones stop working. Needs a sign-in or POST /api/admin/me/reauth within the last 5 minutes (403 `reauth_required`).',
    staff: 'viewer',
    answers: ok('The codes.', recoveryCodesSchema),
    errors: [403, 409, ...staffErrors('viewer')],
  },
  {
    method: 'post',
    path: '/api/admin/me/reauth',
    operationId: 'reauthenticate',
    tag: 'staff-auth',
    summary: 'Confirm it is you before changing how you sign in',
    description:
      'The password or a current authenticator-app code (each code once). For the next 5 minutes the current session may add or remove second factors and renew recovery codes (ASVS 5.0 V6). Throttled like the sign-in; a wrong answer is a 400 (`wrong_password`, `invalid_second_factor`), not a 401: the session is fine.',
    staff: 'viewer',
    body: reauthBody,
    answers: ok('Confirmed until this time.', reauthAnswerSchema),
    errors: [...BODY_ERRORS, 429, ...staffErrors('viewer')],
  },
  {
    method: 'get',
    path: '/api/admin/mfa/policy',
    operationId: 'getSecondFactorPolicy',
    tag: 'staff-auth',
    summary: 'Is a second factor required?',
    description: 'The Settings switch, and whether STAFF_MFA=required holds it on.',
    staff: 'admin',
    answers: ok('The policy.', mfaPolicySchema),
    errors: staffErrors('admin'),
  },
  {
    method: 'put',
    path: '/api/admin/mfa/policy',
    operationId: 'setSecondFactorPolicy',
    tag: 'staff-auth',
    summary: 'Require a second factor of every staff member',
    description:
      'Turning it on needs a factor of your own (409 `no_second_factor`) and ends the sessions of everyone without one: their next sign-in can only enrol.',
    staff: 'admin',
    body: mfaPolicyBody,
    answers: ok('The policy now.', mfaPolicySchema),
    errors: [...BODY_ERRORS, 409, ...staffErrors('admin')],
  },
  {
    method: 'get',
    path: '/api/admin/mfa/staff',
    operationId: 'listStaffSecondFactors',
    tag: 'staff-auth',
    summary: "Staff members' second factors",
    description: 'Per account: an authenticator app or not, how many passkeys.',
    staff: 'admin',
    answers: ok('The accounts.', staffMfaListSchema),
    errors: staffErrors('admin'),
  },
  {
    method: 'post',
    path: '/api/admin/mfa/staff/{id}/reset',
    operationId: 'resetStaffSecondFactor',
    tag: 'staff-auth',
    summary: "Reset another member's second factor",
    description:
      'Removes their app, passkeys and recovery codes and ends every session of theirs. Not for your own account (400).',
    staff: 'admin',
    parameters: [staffId],
    answers: { 204: { description: 'Reset.' } },
    errors: [400, 404, ...staffErrors('admin')],
  },
];

const domainParam: JsonObject = {
  name: 'domain',
  in: 'path',
  required: true,
  description: 'A domain name, e.g. example.com.',
  schema: { type: 'string', maxLength: 253 },
};

const STAFF_REVIEW_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/admin/waitlist/review',
    operationId: 'getReviewQueue',
    tag: 'staff-review',
    summary: 'The review queue',
    description:
      'Entries flagged at sign-up (`reasons`, e.g. `dns_unavailable`) and referral credits held by a fraud rule (`rule`: `same_network`, `same_device`, `alias`, `burst`), oldest first, at most 200 each.',
    staff: 'viewer',
    answers: ok('The queue.', reviewQueueSchema),
    errors: staffErrors('viewer'),
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/review/count',
    operationId: 'getReviewCount',
    tag: 'staff-review',
    summary: 'How many wait in the review queue',
    description:
      'Counts of flagged entries and held credits, no address: the panel shows it in its side menu and on the dashboard, refreshed every 10 s, so it reads no personal data and is not audited.',
    staff: 'viewer',
    answers: ok('The counts.', reviewCountSchema),
    errors: staffErrors('viewer'),
  },
  {
    method: 'post',
    path: '/api/admin/waitlist/review/entries/{id}',
    operationId: 'decideEntry',
    tag: 'staff-review',
    summary: 'Approve or reject an entry',
    description:
      'Approve: the entry leaves the queue as it is. Reject: it is marked rejected (it holds no place) and the credit it gave never counts (a held one is refused, a granted one revoked). Audited.',
    staff: 'admin',
    parameters: [pathId('id', 'An entry id.')],
    body: reviewDecisionBody,
    answers: ok('Decided.', messageAnswer),
    errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
  },
  {
    method: 'post',
    path: '/api/admin/waitlist/review/credits/{id}',
    operationId: 'decideHeldCredit',
    tag: 'staff-review',
    summary: 'Approve or reject a held credit',
    description:
      'Approve: the credit is granted and the referrer moves up at once (409 `cap_reached` past REFERRAL_MAX_CREDITS). Reject: the referred entry is marked rejected and the credit never counts. Audited.',
    staff: 'admin',
    parameters: [pathId('id', 'The referred entry whose credit is held.')],
    body: reviewDecisionBody,
    answers: ok('Decided.', messageAnswer),
    errors: [...BODY_ERRORS, 404, 409, ...staffErrors('admin')],
  },
  {
    method: 'get',
    path: '/api/admin/waitlist/domain-rules',
    operationId: 'listDomainRules',
    tag: 'staff-review',
    summary: "Staff's deny and allow lists of e-mail domains",
    description:
      'Beside the packaged throwaway-domain list: `deny` refuses a domain and its subdomains, `allow` accepts one.',
    staff: 'viewer',
    answers: ok('The rules.', domainRulesSchema),
    errors: staffErrors('viewer'),
  },
  {
    method: 'post',
    path: '/api/admin/waitlist/domain-rules',
    operationId: 'setDomainRule',
    tag: 'staff-review',
    summary: 'Deny or allow a domain',
    description: "Adds the rule or changes the domain's rule; every API process applies it within 5 s. Audited.",
    staff: 'admin',
    body: domainRuleBody,
    answers: { 201: { description: 'Saved.', schema: domainRuleSchema } },
    errors: [...BODY_ERRORS, ...staffErrors('admin')],
  },
  {
    method: 'delete',
    path: '/api/admin/waitlist/domain-rules/{domain}',
    operationId: 'deleteDomainRule',
    tag: 'staff-review',
    summary: "Remove a domain's rule",
    description: 'The packaged list and the DNS check decide again. Audited.',
    staff: 'admin',
    parameters: [domainParam],
    answers: { 204: { description: 'Removed.' } },
    errors: [400, 404, ...staffErrors('admin')],
  },
];

export const ENDPOINTS: readonly Endpoint[] = [
  ...PUBLIC_ENDPOINTS,
  ...PRIVACY_ENDPOINTS,
  ...CONTACT_ENDPOINTS,
  ...MAIL_HOOK_ENDPOINTS,
  ...STAFF_AUTH_ENDPOINTS,
  ...STAFF_MFA_ENDPOINTS,
  ...STAFF_WAITLIST_ENDPOINTS,
  ...STAFF_LAUNCH_ENDPOINTS,
  ...STAFF_REVIEW_ENDPOINTS,
  ...STAFF_MESSAGE_ENDPOINTS,
];

function operationOf(endpoint: Endpoint): JsonObject {
  const responses: Record<string, JsonObject> = {};
  for (const [status, answer] of Object.entries(endpoint.answers)) {
    const content = answer.schema ? { 'application/json': { schema: jsonSchema(answer.schema) } } : answer.content;
    responses[status] = {
      description: answer.description,
      ...(answer.headers ? { headers: answer.headers } : {}),
      ...(content ? { content } : {}),
    };
  }
  for (const status of [...new Set([...endpoint.errors, 500 as const])].sort())
    responses[String(status)] = { $ref: `#/components/responses/Error${status}` };

  const bodies = endpoint.body ? { 'application/json': endpoint.body, ...endpoint.extraBodies } : undefined;
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: endpoint.staff
      ? `${endpoint.description} Role: ${endpoint.staff === 'any' ? 'any valid staff token' : endpoint.staff}.`
      : endpoint.description,
    ...(endpoint.staff ? { security: [{ staffToken: [] }] } : {}),
    ...(endpoint.security ? { security: [{ [endpoint.security]: [] }] } : {}),
    ...(endpoint.parameters?.length ? { parameters: endpoint.parameters } : {}),
    ...(bodies
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              Object.entries(bodies).map(([type, schema]) => [type, { schema: jsonSchema(schema) }]),
            ),
          },
        }
      : {}),
    responses,
  };
}

/** The whole document, built once per process. */
let built: JsonObject | undefined;
export function openApiDocument(): JsonObject {
  if (built) return built;
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const endpoint of ENDPOINTS) (paths[endpoint.path] ??= {})[endpoint.method] = operationOf(endpoint);
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Meet Match Date Marry — waitlist and staff API',
      version: '1.0.0',
      description:
        'The public waitlist API (sign-up, confirmation, unsubscribe, places, cities, invitations, the contact form) and the staff API of the panel. Every error answers `{success:false, code, message}`. Generated from the zod schemas of `@mmdm/contracts`.',
      contact: { name: 'Meet Match Date Marry', url: 'https://github.com/meet-match-date-marry' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: 'http://localhost:8080', description: 'The gateway under `npm start` (in production: PUBLIC_URL).' },
    ],
    tags: [
      { name: 'waitlist', description: 'Sign-up, confirmation, unsubscribe.' },
      { name: 'launch', description: 'Places in line, cities, invitations.' },
      { name: 'privacy', description: 'The "Your data" page: see, download and erase one’s own data.' },
      { name: 'contact', description: 'The contact form: a message to our team.' },
      { name: 'mail-hooks', description: "Mail providers' bounce and complaint webhooks." },
      { name: 'staff-auth', description: 'Staff sign-in, accounts and the auth audit log (auth service).' },
      { name: 'staff-waitlist', description: "The staff's waitlist data (waitlist service)." },
      { name: 'staff-launch', description: 'Invitation waves, cities, credits (waitlist service).' },
      { name: 'staff-review', description: 'The review queue and the e-mail domain lists (waitlist service).' },
      { name: 'staff-messages', description: 'Messages from the contact form (waitlist service).' },
    ],
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorSchema) },
      responses: errorResponses(),
      securitySchemes: {
        staffToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A staff token from POST /api/admin/login (EdDSA JWT).',
        },
        postmarkBasic: {
          type: 'http',
          scheme: 'basic',
          description:
            "The webhook credentials in Postmark's webhook URL (POSTMARK_WEBHOOK_USER, POSTMARK_WEBHOOK_PASSWORD).",
        },
      },
    },
  };
  return built;
}
