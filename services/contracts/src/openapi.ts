// The OpenAPI 3.1 document of the public and the staff API, generated from the very zod schemas the services parse
// requests with and the web app parses answers with, so the description cannot say something the code does not.
// Served at GET /api/openapi.json; linted with Spectral and checked against every answer the integration tests get.
import { z } from 'zod';
import { apiErrorSchema } from './api-error.js';
import { ALL_CALLS } from './calls/index.js';
import { isZodSchema, type CallDeclaration, type ErrorStatus, type QueryDeclaration } from './calls/define-call.js';

/** Where the services serve the document (the auth service; the gateway forwards it). */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

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

/** A declared query's fields as OpenAPI parameters (`in: query`). */
function queryParameters({ schema, descriptions = {}, optional, valueSchema }: QueryDeclaration): JsonObject[] {
  const object = jsonSchema(schema) as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: !optional && (object.required ?? []).includes(name),
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema: valueSchema ?? property,
  }));
}

/** A call's parameters: its path segments, then its query's fields. */
function parametersOf(call: CallDeclaration): JsonObject[] {
  const path = Object.entries(call.params ?? {}).map(([name, { description, schema }]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: isZodSchema(schema) ? jsonSchema(schema) : schema,
  }));
  return [...path, ...(call.query ? queryParameters(call.query) : [])];
}

/** Error statuses and what each means; every one answers `ApiError`. */
const ERRORS: Record<ErrorStatus, string> = {
  400: 'The request is malformed: `validation_error` (with `issues` naming each field), `invalid_json`, or a code of this endpoint (sign-up and contact form: `challenge_required`, `challenge_invalid`, `challenge_spent`; sign-up: `email_not_permanent`).',
  401: 'No valid staff token (`unauthorized`, `invalid_token`), wrong credentials (`invalid_credentials`), a wrong second factor (`invalid_second_factor`) or a second-step token that expired or was used (`mfa_token_invalid`), or an unsigned or unauthenticated webhook (`signature_missing`, `unauthorized`).',
  403: 'The staff role does not allow this (`forbidden`), or a webhook whose signature, signing host, topic or client address is refused (`signature_invalid`, `topic_not_allowed`, `forbidden`).',
  404: 'Not found (`not_found`, `token_invalid`, `staff_not_found`, `template_not_found`).',
  408: 'The request took too long to arrive (`request_timeout`).',
  409: 'Conflicts with the current state (`token_used`, `not_pending`, `suppressed`, `email_taken`, `last_admin`, `city_exists`, `city_not_ready`, `totp_exists`, `passkey_exists`, `no_enrolment`, `no_passkey`, `no_second_factor`, `mfa_required`, `cap_reached`).',
  410: 'The link is past its lifetime (`token_expired`).',
  413: 'The body is over 4 kB, 32 kB for the contact form (`payload_too_large`).',
  415: 'The body is not JSON, or compressed (`unsupported_media_type`, `unsupported_encoding`).',
  429: 'Too many requests (`rate_limited`, `too_many_attempts`, `too_many_exports`); wait `Retry-After` seconds.',
  500: 'Something failed on our side (`internal_error`); the answer says nothing internal, the log has the request id.',
  503: 'A dependency is down (`unavailable`): the revocation store, the key set or the database; try again shortly.',
};

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

function operationOf(endpoint: CallDeclaration): JsonObject {
  const responses: Record<string, JsonObject> = {};
  for (const [status, answer] of Object.entries(endpoint.answers)) {
    const content = answer.schema ? { 'application/json': { schema: jsonSchema(answer.schema) } } : answer.content;
    responses[status] = {
      description: answer.description,
      ...(answer.headers ? { headers: answer.headers } : {}),
      ...(content ? { content } : {}),
    };
  }
  for (const status of [...new Set<ErrorStatus>([...endpoint.errors, 500])].sort())
    responses[String(status)] = { $ref: `#/components/responses/Error${status}` };

  const parameters = parametersOf(endpoint);
  const bodies = endpoint.body ? { 'application/json': endpoint.body, ...endpoint.extraBodies } : undefined;
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description:
      endpoint.access === 'public'
        ? endpoint.description
        : `${endpoint.description} Role: ${endpoint.access === 'any' ? 'any valid staff token' : endpoint.access}.`,
    ...(endpoint.access !== 'public' ? { security: [{ staffToken: [] }] } : {}),
    ...(endpoint.security ? { security: [{ [endpoint.security]: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
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
  for (const endpoint of ALL_CALLS) (paths[endpoint.path] ??= {})[endpoint.method] = operationOf(endpoint);
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
      {
        name: 'staff-webhooks',
        description: 'Endpoints that receive signed events for the app, and their delivery logs (waitlist service).',
      },
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
